#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <readline/readline.h>
#include <readline/history.h>

// Readline's configuration lives in C globals, which Swift 6 cannot touch safely; these set and read them.
static inline void segue_readline_setup(const char *name, const char *word_breaks, rl_completion_func_t *complete) {
    rl_readline_name = strdup(name);
    rl_basic_word_break_characters = strdup(word_breaks);
    rl_attempted_completion_function = complete;
}

static inline const char *segue_readline_line_buffer(void) { return rl_line_buffer; }

static inline void segue_readline_completion_over(void) { rl_attempted_completion_over = 1; }
