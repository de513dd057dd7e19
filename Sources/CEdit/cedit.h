#ifndef CEDIT_H
#define CEDIT_H
/* libedit (BSD editline) through its readline-compatible header, found by pkg-config. */
#include <stdio.h>
#include <readline.h>
#include <history.h>
#endif
