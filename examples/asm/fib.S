/* Example: windowed-ABI recursion on the Q7 scalar core.

   Prints fib(0) .. fib(24) through semihosting (SIMCALL write) and exits with status 0 when
   fib(24) is 46368 (1 otherwise).
   The recursion is deeper than the 64-register window file, so it runs through the window
   overflow and underflow handlers of the ROM that `q7 run` links in at VECBASE.

   Run it:  q7 run --cpu q7 examples/asm/fib.S */

        .section .rodata
msg_fib:    .ascii  "fib("
msg_eq:     .ascii  ") = "
newline:    .ascii  "\n"

        .literal_position
        .literal .Lstack_top, 0x40000000
        .literal .Lmsg_fib, msg_fib
        .literal .Lmsg_eq, msg_eq
        .literal .Lnewline, newline
        .literal .Lfib24, 46368

        .text
        .global _start
        .align  4
_start:
        l32r    a1, .Lstack_top         /* stack at the top of local data RAM */
        movi    a0, 0                   /* ends the call chain */
        call4   start                   /* outermost frame is a 4-register one: spilling it */
                                        /* needs no caller's stack pointer */
/* void start(void): runs main and exits with its result */
        .align  4
start:
        entry   a1, 32
        call8   main
        mov     a3, a10                 /* main's result */
        movi    a2, 1                   /* SIMCALL exit(a3) */
        simcall

/* int main(void): prints the table, returns 0 when fib(24) == 46368, else 1 */
        .align  4
main:
        entry   a1, 32
        movi    a2, 0                   /* n */
.Lnext:
        mov     a10, a2
        call8   fib
        mov     a3, a10                 /* fib(n) */
        mov     a10, a2
        mov     a11, a3
        call8   print_line
        addi    a2, a2, 1
        movi    a4, 25
        blt     a2, a4, .Lnext
        l32r    a4, .Lfib24
        movi    a2, 0
        beq     a3, a4, .Lmain_done
        movi    a2, 1
.Lmain_done:
        retw.n

/* unsigned fib(unsigned n) */
        .align  4
fib:
        entry   a1, 32
        movi    a3, 2
        bltu    a2, a3, .Lfib_done      /* fib(0) = 0, fib(1) = 1 */
        addi    a10, a2, -1
        call8   fib
        mov     a4, a10                 /* fib(n - 1) survives the next call in a4 */
        addi    a10, a2, -2
        call8   fib
        add     a2, a4, a10
.Lfib_done:
        retw.n

/* void print_line(unsigned n, unsigned v): "fib(n) = v\n" */
        .align  4
print_line:
        entry   a1, 32
        l32r    a10, .Lmsg_fib
        movi    a11, 4
        call8   write_out
        mov     a10, a2
        call8   print_dec
        l32r    a10, .Lmsg_eq
        movi    a11, 4
        call8   write_out
        mov     a10, a3
        call8   print_dec
        l32r    a10, .Lnewline
        movi    a11, 1
        call8   write_out
        retw.n

/* void print_dec(unsigned v): decimal digits, built backwards in a stack buffer */
        .align  4
print_dec:
        entry   a1, 48
        addi    a4, a1, 16              /* buffer [sp, sp + 16): clear of the register save areas */
        mov     a5, a4
        movi    a6, 10
.Ldigit:
        remu    a7, a2, a6
        quou    a2, a2, a6
        addi    a7, a7, '0'
        addi    a5, a5, -1
        s8i     a7, a5, 0
        bnez    a2, .Ldigit
        mov     a10, a5
        sub     a11, a4, a5
        call8   write_out
        retw.n

/* void write_out(const char *p, unsigned len): SIMCALL write(1, p, len) */
        .align  4
write_out:
        entry   a1, 32
        mov     a4, a2
        mov     a5, a3
        movi    a2, 4
        movi    a3, 1
        simcall
        retw.n
