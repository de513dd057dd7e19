#include "cedit_shim.h"
#include <errno.h>
#include <locale.h>
#include <poll.h>
#include <unistd.h>
#include <wchar.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <readline.h>
#include <history.h>

static cedit_complete_fn g_complete = NULL;
static volatile sig_atomic_t g_interrupts = 0;

/* The interrupts counted when the current readline began. */
static volatile sig_atomic_t g_interrupts_at_start = 0;

/* libedit's character reader, replaced: a Ctrl-C must end readline whenever it comes. With
 * libedit's own reader, a SIGINT that lands just before its read(), or the first EINTR (which
 * libedit retries once), left readline waiting for the next key: Ctrl-C at the prompt then did
 * nothing until another key was pressed. Here the input is polled in short slices and the
 * interrupt count is checked around every wait, so the Ctrl-C ends the line within 50 ms: -1
 * tells libedit "end of input", and cedit_interrupts() tells the caller it was a Ctrl-C. */
static int cedit_getc(FILE *stream) {
    int fd = fileno(stream);
    mbstate_t state;
    memset(&state, 0, sizeof state);
    for (;;) {
        if (g_interrupts != g_interrupts_at_start) return -1;
        struct pollfd p = { .fd = fd, .events = POLLIN, .revents = 0 };
        int ready = poll(&p, 1, 50);
        if (ready < 0 && errno != EINTR) return -1;
        if (ready <= 0) continue;
        if (g_interrupts != g_interrupts_at_start) return -1;
        char c;
        ssize_t n = read(fd, &c, 1);
        if (n == 0) return -1;  /* end of input (Ctrl-D on an empty line, a closed pipe) */
        if (n < 0) {
            if (errno != EINTR && errno != EAGAIN) return -1;
            continue;
        }
        /* libedit takes a whole character: the bytes of one (UTF-8 under the locale) are
         * gathered and decoded here, as its own reader does. */
        wchar_t wc;
        size_t used = mbrtowc(&wc, &c, 1, &state);
        if (used == (size_t)-2) continue;          /* more bytes to come */
        if (used == (size_t)-1) return (unsigned char)c;  /* not valid: the byte as it is */
        return (int)wc;
    }
}

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
    rl_getc_function = cedit_getc; /* before anything initializes libedit (stifle_history does) */
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
    g_interrupts_at_start = g_interrupts;
    char *line = readline(prompt);
    sigaction(SIGINT, &previous, NULL);
    return line;
}

int cedit_interrupts(void) { return g_interrupts; }
void cedit_add_history(const char *line) { add_history(line); }
int cedit_read_history(const char *path) { return read_history(path); }
int cedit_write_history(const char *path) { return write_history(path); }
