#ifndef CEDIT_SHIM_H
#define CEDIT_SHIM_H
/* Setters and helpers for libedit's globals, which Swift cannot touch safely, and the
   prompt's Ctrl-C: readline() returns NULL for it as for end of input, so a counter
   tells the two apart. Every name is prefixed with cedit_. */

/* Returns a malloc'd, NULL-terminated array: [0] the replacement for the word, then the
   candidates; or NULL. `line` is the whole line, the word is line[start..end). */
typedef char **(*cedit_complete_fn)(const char *line, int start, int end);

void cedit_init(const char *program, cedit_complete_fn complete);
/* The line typed (malloc'd, caller frees), or NULL at end of input or Ctrl-C. */
char *cedit_readline(const char *prompt);
/* How many Ctrl-C arrived at the prompt since the start. */
int cedit_interrupts(void);
void cedit_add_history(const char *line);
int cedit_read_history(const char *path);
int cedit_write_history(const char *path);
#endif
