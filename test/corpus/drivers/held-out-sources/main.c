#include <stdio.h>
#include "util.h"
#include "config.h"
int main(void) { printf("%d\n", clamp(7, 0, VERSION_MAX)); return 0; }
