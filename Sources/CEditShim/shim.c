#include "cedit_shim.h"
#include <locale.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <readline.h>
#include <history.h>

static cedit_complete_fn g_complete = NULL;
static volatile sig_atomic_t g_interrupts = 0;

static char **cedit_attempt(const char *text, int start, int end) {
    (void)text;
    rl_attempted_completion_over = 1; /* never fall back to file names */
    return g_complete ? g_complete(rl_line_buffer, start, end) : NULL;
}

void cedit_init(const char *program, cedit_complete_fn complete) {
    setlocale(LC_ALL, ""); /* without it libedit drops non-ASCII input */
    rl_readline_name = (char *)program;
    g_complete = complete;
    rl_attempted_completion_function = cedit_attempt;
    /* '.' and ':' are not word breaks: "af.cr" and "a:bu" complete as one word. */
    rl_completer_word_break_characters = (char *)" \t\n\"'`@$><=;|&{(,+-*/%^#~[]";
    stifle_history(1000);
}

static void cedit_on_sigint(int sig) {
    (void)sig;
    g_interrupts++;
}

char *cedit_readline(const char *prompt) {
    struct sigaction action, previous;
    memset(&action, 0, sizeof action);
    action.sa_handler = cedit_on_sigint;
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, &previous);
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    sigprocmask(SIG_UNBLOCK, &set, NULL); /* a parent may have blocked it; exec keeps the mask */
    char *line = readline(prompt);
    sigaction(SIGINT, &previous, NULL);
    return line;
}

int cedit_interrupts(void) { return g_interrupts; }
void cedit_add_history(const char *line) { add_history(line); }
int cedit_read_history(const char *path) { return read_history(path); }
int cedit_write_history(const char *path) { return write_history(path); }
