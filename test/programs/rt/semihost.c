/* Q7 Studio oracle runtime: picolibc stdio and exit over QEMU's Xtensa
   semihosting (SIMCALL). Convention: a2 = call number, a3..a5 = arguments;
   the result comes back in a2 (errno in a3). Calls used: 1 exit, 4 write.

   Output is line-buffered: characters collect in a buffer that is written
   with one SIMCALL on newline, when full, on fflush and before exit. */
#include <stdio.h>

enum { SYS_EXIT = 1, SYS_WRITE = 4 };
enum { FD_STDOUT = 1, LINE_MAX_BYTES = 128 };

static int simcall(int number, int arg1, int arg2, int arg3)
{
    register int a2 __asm__("a2") = number;
    register int a3 __asm__("a3") = arg1;
    register int a4 __asm__("a4") = arg2;
    register int a5 __asm__("a5") = arg3;
    __asm__ volatile("simcall"
                     : "+r"(a2), "+r"(a3)
                     : "r"(a4), "r"(a5)
                     : "memory");
    return a2;
}

static char line[LINE_MAX_BYTES];
static int line_len;

static int flush_line(FILE *unused)
{
    (void)unused;
    int done = 0;
    while (done < line_len) {
        int n = simcall(SYS_WRITE, FD_STDOUT, (int)(line + done), line_len - done);
        if (n <= 0)
            break;
        done += n;
    }
    line_len = 0;
    return 0;
}

static int put_char(char c, FILE *stream)
{
    line[line_len++] = c;
    if (c == '\n' || line_len == LINE_MAX_BYTES)
        flush_line(stream);
    return (unsigned char)c;
}

static FILE console = FDEV_SETUP_STREAM(put_char, NULL, flush_line, _FDEV_SETUP_WRITE);

FILE *const stdin = &console;
FILE *const stdout = &console;
FILE *const stderr = &console;

void _exit(int code)
{
    flush_line(&console);
    for (;;)
        simcall(SYS_EXIT, code, 0, 0);
}
