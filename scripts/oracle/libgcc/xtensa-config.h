/* Q7 Studio: option set of the ESP8266 lx106 core, as seen by libgcc's
   Xtensa assembly sources when scripts/oracle/build-libgcc-helpers.sh
   assembles them. Only the options those sources test are listed. */
#ifndef Q7_LX106_XTENSA_CONFIG_H
#define Q7_LX106_XTENSA_CONFIG_H

#define XCHAL_HAVE_BE 0
#define XCHAL_HAVE_DENSITY 1
#define XCHAL_HAVE_CONST16 0
#define XCHAL_HAVE_ABS 1
#define XCHAL_HAVE_ADDX 1
#define XCHAL_HAVE_L32R 1
#define XCHAL_HAVE_MAC16 0
#define XCHAL_HAVE_MUL16 1
#define XCHAL_HAVE_MUL32 1
#define XCHAL_HAVE_MUL32_HIGH 0
#define XCHAL_HAVE_DIV32 0
#define XCHAL_HAVE_NSA 1
#define XCHAL_HAVE_MINMAX 0
#define XCHAL_HAVE_SEXT 0
#define XCHAL_HAVE_LOOPS 0
#define XCHAL_HAVE_WINDOWED 0
#define XCHAL_HAVE_BOOLEANS 0
#define XCHAL_HAVE_FP 0
#define XCHAL_HAVE_FP_DIV 0
#define XCHAL_HAVE_FP_RECIP 0
#define XCHAL_HAVE_FP_SQRT 0
#define XCHAL_HAVE_FP_RSQRT 0
#define XCHAL_HAVE_DFP 0
#define XCHAL_HAVE_DFP_DIV 0
#define XCHAL_HAVE_DFP_RECIP 0
#define XCHAL_HAVE_DFP_SQRT 0
#define XCHAL_HAVE_DFP_RSQRT 0

#endif
