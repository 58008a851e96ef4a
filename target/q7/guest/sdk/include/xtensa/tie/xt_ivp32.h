/*
 * <xtensa/tie/xt_ivp32.h> — the Vision Q7 IVP vector unit for kernels: its C types and the curated
 * intrinsic set (the names Cadence's toolchain and Halide's Xtensa back end use).
 *
 * Types. The vector, accumulator, predicate and alignment types are builtin types of the front-end,
 * named here through reserved spellings (__xb_vecNx16, ...). Narrow vectors are 512 bits (64 bytes,
 * aligned to 64) with lane 0 at the lowest address; the wide accumulators are 1536 bits (192 bytes);
 * a predicate holds one bit per lane. A narrow vector is initialised or assigned from a C scalar to
 * broadcast it (xb_vecN_2x32v one = 1;), the C operators + - * & | ^ ~ << >> work lane-wise
 * (* of integer vectors widens into the accumulator type, as IVP_MUL*), and vectors of one lane width
 * that differ only in signedness convert to each other implicitly.
 *
 * Intrinsics. Multi-vector arguments are (hi, lo): the first argument is the higher half. The
 * pointer argument of an _IP/_XP form is an lvalue the intrinsic advances; offsets and increments
 * are in bytes; a destination given as the first argument (loads, predicated T forms,
 * multiply-accumulates) is written. A vector pointer is an ordinary pointer, usually cast from a TCM
 * buffer: (const xb_vecN_2xf32 *)buf.
 *
 * The numbers of the select patterns (IVP_SELI_*, IVP_DSELI_*) are this project's encoding (the
 * instruction's immediate, docs/ivp-encoding.md): Cadence's are not public.
 */
#pragma once
#include <stdint.h>

typedef __xb_vec2Nx8 xb_vec2Nx8;          /* 64 x int8 */
typedef __xb_vec2Nx8U xb_vec2Nx8U;        /* 64 x uint8 */
typedef __xb_vecNx16 xb_vecNx16;          /* 32 x int16 */
typedef __xb_vecNx16U xb_vecNx16U;        /* 32 x uint16 */
typedef __xb_vecN_2x32v xb_vecN_2x32v;    /* 16 x int32 */
typedef __xb_vecN_2x32Uv xb_vecN_2x32Uv;  /* 16 x uint32 */
typedef __xb_vecNxf16 xb_vecNxf16;        /* 32 x IEEE binary16 */
typedef __xb_vecN_2xf32 xb_vecN_2xf32;    /* 16 x IEEE binary32 */
typedef __xb_vec2Nx24 xb_vec2Nx24;        /* 64 x 24-bit accumulator lanes */
typedef __xb_vecNx48 xb_vecNx48;          /* 32 x 48-bit accumulator lanes */
typedef __xb_vecN_2x64w xb_vecN_2x64w;    /* 16 x 64-bit accumulator lanes (96-bit slices) */
typedef __vbool2N vbool2N;                /* 64 predicates */
typedef __vboolN vboolN;                  /* 32 predicates */
typedef __vboolN_2 vboolN_2;              /* 16 predicates */
typedef __valign valign;                  /* alignment buffer of a load or store stream */
typedef __xb_gsr xb_gsr;                  /* a gather in flight (IVP_GATHERA* to IVP_GATHERD*) */

/* Memory-only types of the widening loads and narrowing stores: 32 bytes in memory. */
typedef struct { int8_t lane[32]; } xb_vecNx8;
typedef struct { uint8_t lane[32]; } xb_vecNx8U;
typedef struct { int16_t lane[16]; } xb_vecN_2x16;
typedef struct { uint16_t lane[16]; } xb_vecN_2x16U;

/* Scalars of the vector registers (reduction results, extracted lanes): C integers here. */
typedef int8_t xb_int8;
typedef uint8_t xb_int8U;
typedef int16_t xb_int16;
typedef uint16_t xb_int16U;
typedef int32_t xb_int32;
typedef uint32_t xb_int32U;
typedef int32_t xb_int32pr;  /* scalar coefficient operand of the XR8/XR16 multiplies */
typedef int64_t xb_int64pr;
typedef uint16_t xb_f16;     /* the bits of one IEEE binary16 value */

static inline uint16_t xb_int16U_rtor_uint16(xb_int16U x) { return x; }
static inline int16_t xb_int16_rtor_int16(xb_int16 x) { return x; }
static inline int32_t xb_int32_rtor_int32(xb_int32 x) { return x; }
static inline uint32_t xb_int32U_rtor_uint32(xb_int32U x) { return x; }


/* 12.1 Aligned loads and stores: _I base + byte offset, _IP post-increment by an immediate, _X base + AR offset, _XP post-increment by an AR (pointers of _IP/_XP are lvalues, updated; offsets in bytes) */
xb_vec2Nx8 IVP_LV2NX8_I(const xb_vec2Nx8 *p, int imm);
void IVP_LV2NX8_IP(xb_vec2Nx8 &v, const xb_vec2Nx8 *&p, int imm);
xb_vec2Nx8 IVP_LV2NX8_X(const xb_vec2Nx8 *p, int offset);
void IVP_LV2NX8_XP(xb_vec2Nx8 &v, const xb_vec2Nx8 *&p, int inc);
void IVP_SV2NX8_I(xb_vec2Nx8 v, xb_vec2Nx8 *p, int imm);
void IVP_SV2NX8_IP(xb_vec2Nx8 v, xb_vec2Nx8 *&p, int imm);
void IVP_SV2NX8_X(xb_vec2Nx8 v, xb_vec2Nx8 *p, int offset);
void IVP_SV2NX8_XP(xb_vec2Nx8 v, xb_vec2Nx8 *&p, int inc);
xb_vec2Nx8U IVP_LV2NX8U_I(const xb_vec2Nx8U *p, int imm);
void IVP_LV2NX8U_IP(xb_vec2Nx8U &v, const xb_vec2Nx8U *&p, int imm);
xb_vec2Nx8U IVP_LV2NX8U_X(const xb_vec2Nx8U *p, int offset);
void IVP_LV2NX8U_XP(xb_vec2Nx8U &v, const xb_vec2Nx8U *&p, int inc);
void IVP_SV2NX8U_I(xb_vec2Nx8U v, xb_vec2Nx8U *p, int imm);
void IVP_SV2NX8U_IP(xb_vec2Nx8U v, xb_vec2Nx8U *&p, int imm);
void IVP_SV2NX8U_X(xb_vec2Nx8U v, xb_vec2Nx8U *p, int offset);
void IVP_SV2NX8U_XP(xb_vec2Nx8U v, xb_vec2Nx8U *&p, int inc);
xb_vecNx16 IVP_LVNX16_I(const xb_vecNx16 *p, int imm);
void IVP_LVNX16_IP(xb_vecNx16 &v, const xb_vecNx16 *&p, int imm);
xb_vecNx16 IVP_LVNX16_X(const xb_vecNx16 *p, int offset);
void IVP_LVNX16_XP(xb_vecNx16 &v, const xb_vecNx16 *&p, int inc);
void IVP_SVNX16_I(xb_vecNx16 v, xb_vecNx16 *p, int imm);
void IVP_SVNX16_IP(xb_vecNx16 v, xb_vecNx16 *&p, int imm);
void IVP_SVNX16_X(xb_vecNx16 v, xb_vecNx16 *p, int offset);
void IVP_SVNX16_XP(xb_vecNx16 v, xb_vecNx16 *&p, int inc);
xb_vecNx16U IVP_LVNX16U_I(const xb_vecNx16U *p, int imm);
void IVP_LVNX16U_IP(xb_vecNx16U &v, const xb_vecNx16U *&p, int imm);
xb_vecNx16U IVP_LVNX16U_X(const xb_vecNx16U *p, int offset);
void IVP_LVNX16U_XP(xb_vecNx16U &v, const xb_vecNx16U *&p, int inc);
void IVP_SVNX16U_I(xb_vecNx16U v, xb_vecNx16U *p, int imm);
void IVP_SVNX16U_IP(xb_vecNx16U v, xb_vecNx16U *&p, int imm);
void IVP_SVNX16U_X(xb_vecNx16U v, xb_vecNx16U *p, int offset);
void IVP_SVNX16U_XP(xb_vecNx16U v, xb_vecNx16U *&p, int inc);
xb_vecN_2x32v IVP_LVN_2X32_I(const xb_vecN_2x32v *p, int imm);
void IVP_LVN_2X32_IP(xb_vecN_2x32v &v, const xb_vecN_2x32v *&p, int imm);
xb_vecN_2x32v IVP_LVN_2X32_X(const xb_vecN_2x32v *p, int offset);
void IVP_LVN_2X32_XP(xb_vecN_2x32v &v, const xb_vecN_2x32v *&p, int inc);
void IVP_SVN_2X32_I(xb_vecN_2x32v v, xb_vecN_2x32v *p, int imm);
void IVP_SVN_2X32_IP(xb_vecN_2x32v v, xb_vecN_2x32v *&p, int imm);
void IVP_SVN_2X32_X(xb_vecN_2x32v v, xb_vecN_2x32v *p, int offset);
void IVP_SVN_2X32_XP(xb_vecN_2x32v v, xb_vecN_2x32v *&p, int inc);
xb_vecN_2x32Uv IVP_LVN_2X32U_I(const xb_vecN_2x32Uv *p, int imm);
void IVP_LVN_2X32U_IP(xb_vecN_2x32Uv &v, const xb_vecN_2x32Uv *&p, int imm);
xb_vecN_2x32Uv IVP_LVN_2X32U_X(const xb_vecN_2x32Uv *p, int offset);
void IVP_LVN_2X32U_XP(xb_vecN_2x32Uv &v, const xb_vecN_2x32Uv *&p, int inc);
void IVP_SVN_2X32U_I(xb_vecN_2x32Uv v, xb_vecN_2x32Uv *p, int imm);
void IVP_SVN_2X32U_IP(xb_vecN_2x32Uv v, xb_vecN_2x32Uv *&p, int imm);
void IVP_SVN_2X32U_X(xb_vecN_2x32Uv v, xb_vecN_2x32Uv *p, int offset);
void IVP_SVN_2X32U_XP(xb_vecN_2x32Uv v, xb_vecN_2x32Uv *&p, int inc);
xb_vecNxf16 IVP_LVNXF16_I(const xb_vecNxf16 *p, int imm);
void IVP_LVNXF16_IP(xb_vecNxf16 &v, const xb_vecNxf16 *&p, int imm);
xb_vecNxf16 IVP_LVNXF16_X(const xb_vecNxf16 *p, int offset);
void IVP_LVNXF16_XP(xb_vecNxf16 &v, const xb_vecNxf16 *&p, int inc);
void IVP_SVNXF16_I(xb_vecNxf16 v, xb_vecNxf16 *p, int imm);
void IVP_SVNXF16_IP(xb_vecNxf16 v, xb_vecNxf16 *&p, int imm);
void IVP_SVNXF16_X(xb_vecNxf16 v, xb_vecNxf16 *p, int offset);
void IVP_SVNXF16_XP(xb_vecNxf16 v, xb_vecNxf16 *&p, int inc);
xb_vecN_2xf32 IVP_LVN_2XF32_I(const xb_vecN_2xf32 *p, int imm);
void IVP_LVN_2XF32_IP(xb_vecN_2xf32 &v, const xb_vecN_2xf32 *&p, int imm);
xb_vecN_2xf32 IVP_LVN_2XF32_X(const xb_vecN_2xf32 *p, int offset);
void IVP_LVN_2XF32_XP(xb_vecN_2xf32 &v, const xb_vecN_2xf32 *&p, int inc);
void IVP_SVN_2XF32_I(xb_vecN_2xf32 v, xb_vecN_2xf32 *p, int imm);
void IVP_SVN_2XF32_IP(xb_vecN_2xf32 v, xb_vecN_2xf32 *&p, int imm);
void IVP_SVN_2XF32_X(xb_vecN_2xf32 v, xb_vecN_2xf32 *p, int offset);
void IVP_SVN_2XF32_XP(xb_vecN_2xf32 v, xb_vecN_2xf32 *&p, int inc);

/* 12.1 Scalar load and replicate to every lane */
xb_vec2Nx8 IVP_LSR2NX8_I(const int8_t *p, int imm);
void IVP_LSR2NX8_IP(xb_vec2Nx8 &v, const int8_t *&p, int inc);
void IVP_LSR2NX8_XP(xb_vec2Nx8 &v, const int8_t *&p, int inc);
xb_vecNx16 IVP_LSRNX16_I(const int16_t *p, int imm);
void IVP_LSRNX16_IP(xb_vecNx16 &v, const int16_t *&p, int inc);
void IVP_LSRNX16_XP(xb_vecNx16 &v, const int16_t *&p, int inc);
xb_vecN_2x32v IVP_LSRN_2X32_I(const int32_t *p, int imm);
void IVP_LSRN_2X32_IP(xb_vecN_2x32v &v, const int32_t *&p, int inc);
void IVP_LSRN_2X32_XP(xb_vecN_2x32v &v, const int32_t *&p, int inc);
xb_vecN_2xf32 IVP_LSRN_2XF32_I(const float *p, int imm);
void IVP_LSRN_2XF32_IP(xb_vecN_2xf32 &v, const float *&p, int inc);
void IVP_LSRN_2XF32_XP(xb_vecN_2xf32 &v, const float *&p, int inc);

/* 12.1 Unaligned load streams: IVP_LA_PP primes, IVP_LA*_IP loads 64 bytes and advances p by 64, IVP_LAV*_XP loads min(nbytes, 64) bytes (other lanes zero) and advances p by nbytes */
valign IVP_LA_PP(const void *p);
void IVP_LA2NX8_IP(xb_vec2Nx8 &v, valign &a, const xb_vec2Nx8 *&p);
void IVP_LAV2NX8_XP(xb_vec2Nx8 &v, valign &a, const xb_vec2Nx8 *&p, int nbytes);
void IVP_LA2NX8U_IP(xb_vec2Nx8U &v, valign &a, const xb_vec2Nx8U *&p);
void IVP_LAV2NX8U_XP(xb_vec2Nx8U &v, valign &a, const xb_vec2Nx8U *&p, int nbytes);
void IVP_LANX16_IP(xb_vecNx16 &v, valign &a, const xb_vecNx16 *&p);
void IVP_LAVNX16_XP(xb_vecNx16 &v, valign &a, const xb_vecNx16 *&p, int nbytes);
void IVP_LANX16U_IP(xb_vecNx16U &v, valign &a, const xb_vecNx16U *&p);
void IVP_LAVNX16U_XP(xb_vecNx16U &v, valign &a, const xb_vecNx16U *&p, int nbytes);
void IVP_LAN_2X32_IP(xb_vecN_2x32v &v, valign &a, const xb_vecN_2x32v *&p);
void IVP_LAVN_2X32_XP(xb_vecN_2x32v &v, valign &a, const xb_vecN_2x32v *&p, int nbytes);
void IVP_LAN_2X32U_IP(xb_vecN_2x32Uv &v, valign &a, const xb_vecN_2x32Uv *&p);
void IVP_LAVN_2X32U_XP(xb_vecN_2x32Uv &v, valign &a, const xb_vecN_2x32Uv *&p, int nbytes);
void IVP_LANXF16_IP(xb_vecNxf16 &v, valign &a, const xb_vecNxf16 *&p);
void IVP_LAVNXF16_XP(xb_vecNxf16 &v, valign &a, const xb_vecNxf16 *&p, int nbytes);
void IVP_LAN_2XF32_IP(xb_vecN_2xf32 &v, valign &a, const xb_vecN_2xf32 *&p);
void IVP_LAVN_2XF32_XP(xb_vecN_2xf32 &v, valign &a, const xb_vecN_2xf32 *&p, int nbytes);
void IVP_L2U2NX8U_XP(xb_vec2Nx8U &v, const xb_vec2Nx8U *&p, int inc);
void IVP_LANX8S_IP(xb_vecNx16 &v, valign &a, const xb_vecNx8 *&p);
void IVP_LANX8U_IP(xb_vecNx16U &v, valign &a, const xb_vecNx8U *&p);
void IVP_LAN_2X16S_IP(xb_vecN_2x32v &v, valign &a, const xb_vecN_2x16 *&p);
void IVP_LAN_2X16U_IP(xb_vecN_2x32Uv &v, valign &a, const xb_vecN_2x16U *&p);

/* 12.1 Unaligned store streams: IVP_ZALIGN starts one, IVP_SA*_IP stores 64 bytes and advances p by 64, IVP_SAV*_XP stores the first nbytes (<= 64) and advances p by nbytes, IVP_SAPOS*_FP flushes what the stream holds (required after the last store) */
valign IVP_ZALIGN(void);
void IVP_SA2NX8_IP(xb_vec2Nx8 v, valign &a, xb_vec2Nx8 *&p);
void IVP_SAV2NX8_XP(xb_vec2Nx8 v, valign &a, xb_vec2Nx8 *&p, int nbytes);
void IVP_SAPOS2NX8_FP(valign &a, xb_vec2Nx8 *p);
void IVP_SA2NX8U_IP(xb_vec2Nx8U v, valign &a, xb_vec2Nx8U *&p);
void IVP_SAV2NX8U_XP(xb_vec2Nx8U v, valign &a, xb_vec2Nx8U *&p, int nbytes);
void IVP_SAPOS2NX8U_FP(valign &a, xb_vec2Nx8U *p);
void IVP_SANX16_IP(xb_vecNx16 v, valign &a, xb_vecNx16 *&p);
void IVP_SAVNX16_XP(xb_vecNx16 v, valign &a, xb_vecNx16 *&p, int nbytes);
void IVP_SAPOSNX16_FP(valign &a, xb_vecNx16 *p);
void IVP_SANX16U_IP(xb_vecNx16U v, valign &a, xb_vecNx16U *&p);
void IVP_SAVNX16U_XP(xb_vecNx16U v, valign &a, xb_vecNx16U *&p, int nbytes);
void IVP_SAPOSNX16U_FP(valign &a, xb_vecNx16U *p);
void IVP_SAN_2X32_IP(xb_vecN_2x32v v, valign &a, xb_vecN_2x32v *&p);
void IVP_SAVN_2X32_XP(xb_vecN_2x32v v, valign &a, xb_vecN_2x32v *&p, int nbytes);
void IVP_SAPOSN_2X32_FP(valign &a, xb_vecN_2x32v *p);
void IVP_SAN_2X32U_IP(xb_vecN_2x32Uv v, valign &a, xb_vecN_2x32Uv *&p);
void IVP_SAVN_2X32U_XP(xb_vecN_2x32Uv v, valign &a, xb_vecN_2x32Uv *&p, int nbytes);
void IVP_SAPOSN_2X32U_FP(valign &a, xb_vecN_2x32Uv *p);
void IVP_SANXF16_IP(xb_vecNxf16 v, valign &a, xb_vecNxf16 *&p);
void IVP_SAVNXF16_XP(xb_vecNxf16 v, valign &a, xb_vecNxf16 *&p, int nbytes);
void IVP_SAPOSNXF16_FP(valign &a, xb_vecNxf16 *p);
void IVP_SAN_2XF32_IP(xb_vecN_2xf32 v, valign &a, xb_vecN_2xf32 *&p);
void IVP_SAVN_2XF32_XP(xb_vecN_2xf32 v, valign &a, xb_vecN_2xf32 *&p, int nbytes);
void IVP_SAPOSN_2XF32_FP(valign &a, xb_vecN_2xf32 *p);
void IVP_SANX8U_IP(xb_vecNx16U v, valign &a, xb_vecNx8U *&p);
void IVP_SANX8S_IP(xb_vecNx16 v, valign &a, xb_vecNx8 *&p);
void IVP_SAN_2X16U_IP(xb_vecN_2x32Uv v, valign &a, xb_vecN_2x16U *&p);
void IVP_SAN_2X16S_IP(xb_vecN_2x32v v, valign &a, xb_vecN_2x16 *&p);

/* 12.1 Gather (byte offsets: 16-bit for the NX16/NX8 forms, 32-bit for the N_2X32/N_2XF32 forms) and scatter */
xb_gsr IVP_GATHERANX16(const int16_t *base, xb_vecNx16U offsets);
xb_vecNx16 IVP_GATHERDNX16(xb_gsr g);
xb_gsr IVP_GATHERANX16U(const uint16_t *base, xb_vecNx16U offsets);
xb_vecNx16U IVP_GATHERDNX16U(xb_gsr g);
xb_gsr IVP_GATHERANX8S(const int8_t *base, xb_vecNx16U offsets);
xb_vecNx16 IVP_GATHERDNX8S(xb_gsr g);
xb_gsr IVP_GATHERANX8U(const uint8_t *base, xb_vecNx16U offsets);
xb_vecNx16U IVP_GATHERDNX8U(xb_gsr g);
xb_gsr IVP_GATHERAN_2X32(const int32_t *base, xb_vecN_2x32Uv offsets);
xb_vecN_2x32v IVP_GATHERDN_2X32(xb_gsr g);
xb_gsr IVP_GATHERAN_2X32U(const uint32_t *base, xb_vecN_2x32Uv offsets);
xb_vecN_2x32Uv IVP_GATHERDN_2X32U(xb_gsr g);
xb_gsr IVP_GATHERANXF16(const xb_f16 *base, xb_vecNx16U offsets);
xb_vecNxf16 IVP_GATHERDNXF16(xb_gsr g);
xb_gsr IVP_GATHERAN_2XF32(const float *base, xb_vecN_2x32Uv offsets);
xb_vecN_2xf32 IVP_GATHERDN_2XF32(xb_gsr g);
void IVP_SCATTERNX16(xb_vecNx16 v, int16_t *base, xb_vecNx16U offsets);
void IVP_SCATTERNX16U(xb_vecNx16U v, uint16_t *base, xb_vecNx16U offsets);
void IVP_SCATTERN_2X32(xb_vecN_2x32v v, int32_t *base, xb_vecN_2x32Uv offsets);
void IVP_SCATTERN_2X32U(xb_vecN_2x32Uv v, uint32_t *base, xb_vecN_2x32Uv offsets);
void IVP_SCATTERNXF16(xb_vecNxf16 v, xb_f16 *base, xb_vecNx16U offsets);
void IVP_SCATTERN_2XF32(xb_vecN_2xf32 v, float *base, xb_vecN_2x32Uv offsets);

/* 12.2 Bit-identical reinterpretation */
xb_vec2Nx8 IVP_MOV2NX8_FROMNX16(xb_vecNx16 v);
xb_vec2Nx8 IVP_MOV2NX8_FROMN_2X32(xb_vecN_2x32v v);
xb_vec2Nx8 IVP_MOV2NX8_FROMNXF16(xb_vecNxf16 v);
xb_vec2Nx8 IVP_MOV2NX8_FROMN_2XF32(xb_vecN_2xf32 v);
xb_vecNx16 IVP_MOVNX16_FROM2NX8(xb_vec2Nx8 v);
xb_vecNx16 IVP_MOVNX16_FROMN_2X32(xb_vecN_2x32v v);
xb_vecNx16 IVP_MOVNX16_FROMNXF16(xb_vecNxf16 v);
xb_vecNx16 IVP_MOVNX16_FROMN_2XF32(xb_vecN_2xf32 v);
xb_vecN_2x32v IVP_MOVN_2X32_FROM2NX8(xb_vec2Nx8 v);
xb_vecN_2x32v IVP_MOVN_2X32_FROMNX16(xb_vecNx16 v);
xb_vecN_2x32v IVP_MOVN_2X32_FROMNXF16(xb_vecNxf16 v);
xb_vecN_2x32v IVP_MOVN_2X32_FROMN_2XF32(xb_vecN_2xf32 v);
xb_vecNxf16 IVP_MOVNXF16_FROM2NX8(xb_vec2Nx8 v);
xb_vecNxf16 IVP_MOVNXF16_FROMNX16(xb_vecNx16 v);
xb_vecNxf16 IVP_MOVNXF16_FROMN_2X32(xb_vecN_2x32v v);
xb_vecNxf16 IVP_MOVNXF16_FROMN_2XF32(xb_vecN_2xf32 v);
xb_vecN_2xf32 IVP_MOVN_2XF32_FROM2NX8(xb_vec2Nx8 v);
xb_vecN_2xf32 IVP_MOVN_2XF32_FROMNX16(xb_vecNx16 v);
xb_vecN_2xf32 IVP_MOVN_2XF32_FROMN_2X32(xb_vecN_2x32v v);
xb_vecN_2xf32 IVP_MOVN_2XF32_FROMNXF16(xb_vecNxf16 v);

/* 12.2 Lane sequences {0, 1, ..., L-1}, lane extraction, predicate select, zero accumulators */
xb_vec2Nx8 IVP_SEQ2NX8(void);
xb_vecNx16 IVP_SEQNX16(void);
xb_vecN_2x32v IVP_SEQN_2X32(void);
xb_int32 IVP_EXTRN_2X32(xb_vecN_2x32v v, int lane);
xb_int32pr IVP_EXTRPRN_2X32(xb_vecN_2x32v v, int lane);
xb_int64pr IVP_DEXTRPRN_2X32(xb_vecN_2x32v v1, xb_vecN_2x32v v2, int lane1, int lane2);
xb_vec2Nx8 IVP_MOV2NX8T(xb_vec2Nx8 t, xb_vec2Nx8 f, vbool2N vb);
xb_vec2Nx8U IVP_MOV2NX8UT(xb_vec2Nx8U t, xb_vec2Nx8U f, vbool2N vb);
xb_vecNx16 IVP_MOVNX16T(xb_vecNx16 t, xb_vecNx16 f, vboolN vb);
xb_vecNx16U IVP_MOVNX16UT(xb_vecNx16U t, xb_vecNx16U f, vboolN vb);
xb_vecN_2x32v IVP_MOVN_2X32T(xb_vecN_2x32v t, xb_vecN_2x32v f, vboolN_2 vb);
xb_vecN_2x32Uv IVP_MOVN_2X32UT(xb_vecN_2x32Uv t, xb_vecN_2x32Uv f, vboolN_2 vb);
xb_vecNxf16 IVP_MOVNXF16T(xb_vecNxf16 t, xb_vecNxf16 f, vboolN vb);
xb_vecN_2xf32 IVP_MOVN_2XF32T(xb_vecN_2xf32 t, xb_vecN_2xf32 f, vboolN_2 vb);
xb_vecNx48 IVP_ZERONX48(void);
xb_vec2Nx24 IVP_ZERO2NX24(void);
void IVP_INJBI2NX8(xb_vec2Nx8 &v, vbool2N vb, int bit);
vbool2N IVP_EXTBI2NX8(xb_vec2Nx8 v, int bit);
void IVP_INJBINX16(xb_vecNx16 &v, vboolN vb, int bit);
vboolN IVP_EXTBINX16(xb_vecNx16 v, int bit);
void IVP_INJBIN_2X32(xb_vecN_2x32v &v, vboolN_2 vb, int bit);
vboolN_2 IVP_EXTBIN_2X32(xb_vecN_2x32v v, int bit);

/* 12.2 Loop-tail predicates: the first n lanes true */
vbool2N IVP_LTRS2N(int n);
vbool2N IVP_LTR2NI(int n);
vboolN IVP_LTRSN(int n);
vboolN IVP_LTRNI(int n);
vboolN_2 IVP_LTRSN_2(int n);
vboolN_2 IVP_LTRN_2I(int n);

/* 12.3 Integer arithmetic (modular unless S = saturating), predicated T forms (lanes with vb = 1 get a op b, others keep r) */
xb_vec2Nx8 IVP_ADD2NX8(xb_vec2Nx8 a, xb_vec2Nx8 b);
xb_vec2Nx8 IVP_SUB2NX8(xb_vec2Nx8 a, xb_vec2Nx8 b);
xb_vec2Nx8 IVP_NEG2NX8(xb_vec2Nx8 a);
void IVP_ADD2NX8T(xb_vec2Nx8 &r, xb_vec2Nx8 a, xb_vec2Nx8 b, vbool2N vb);
void IVP_SUB2NX8T(xb_vec2Nx8 &r, xb_vec2Nx8 a, xb_vec2Nx8 b, vbool2N vb);
xb_vecNx16 IVP_ADDNX16(xb_vecNx16 a, xb_vecNx16 b);
xb_vecNx16 IVP_SUBNX16(xb_vecNx16 a, xb_vecNx16 b);
xb_vecNx16 IVP_NEGNX16(xb_vecNx16 a);
void IVP_ADDNX16T(xb_vecNx16 &r, xb_vecNx16 a, xb_vecNx16 b, vboolN vb);
void IVP_SUBNX16T(xb_vecNx16 &r, xb_vecNx16 a, xb_vecNx16 b, vboolN vb);
xb_vecN_2x32v IVP_ADDN_2X32(xb_vecN_2x32v a, xb_vecN_2x32v b);
xb_vecN_2x32v IVP_SUBN_2X32(xb_vecN_2x32v a, xb_vecN_2x32v b);
xb_vecN_2x32v IVP_NEGN_2X32(xb_vecN_2x32v a);
void IVP_ADDN_2X32T(xb_vecN_2x32v &r, xb_vecN_2x32v a, xb_vecN_2x32v b, vboolN_2 vb);
void IVP_SUBN_2X32T(xb_vecN_2x32v &r, xb_vecN_2x32v a, xb_vecN_2x32v b, vboolN_2 vb);
xb_vec2Nx8 IVP_ADDS2NX8(xb_vec2Nx8 a, xb_vec2Nx8 b);
xb_vec2Nx8 IVP_SUBS2NX8(xb_vec2Nx8 a, xb_vec2Nx8 b);
xb_vecNx16 IVP_ADDSNX16(xb_vecNx16 a, xb_vecNx16 b);
xb_vecNx16 IVP_SUBSNX16(xb_vecNx16 a, xb_vecNx16 b);
void IVP_ADDSNX16T(xb_vecNx16 &r, xb_vecNx16 a, xb_vecNx16 b, vboolN vb);
void IVP_MINNX16T(xb_vecNx16 &r, xb_vecNx16 a, xb_vecNx16 b, vboolN vb);
void IVP_MAXNX16T(xb_vecNx16 &r, xb_vecNx16 a, xb_vecNx16 b, vboolN vb);

/* 12.3 Averages (floor; R = rounding), absolute values, absolute differences */
xb_vec2Nx8 IVP_AVG2NX8(xb_vec2Nx8 a, xb_vec2Nx8 b);
xb_vecNx16 IVP_AVGNX16(xb_vecNx16 a, xb_vecNx16 b);
xb_vecN_2x32v IVP_AVGN_2X32(xb_vecN_2x32v a, xb_vecN_2x32v b);
xb_vec2Nx8U IVP_AVGU2NX8(xb_vec2Nx8U a, xb_vec2Nx8U b);
xb_vecNx16U IVP_AVGUNX16(xb_vecNx16U a, xb_vecNx16U b);
xb_vecN_2x32Uv IVP_AVGUN_2X32(xb_vecN_2x32Uv a, xb_vecN_2x32Uv b);
xb_vec2Nx8 IVP_AVGR2NX8(xb_vec2Nx8 a, xb_vec2Nx8 b);
xb_vecNx16 IVP_AVGRNX16(xb_vecNx16 a, xb_vecNx16 b);
xb_vecN_2x32v IVP_AVGRN_2X32(xb_vecN_2x32v a, xb_vecN_2x32v b);
xb_vec2Nx8U IVP_AVGRU2NX8(xb_vec2Nx8U a, xb_vec2Nx8U b);
xb_vecNx16U IVP_AVGRUNX16(xb_vecNx16U a, xb_vecNx16U b);
xb_vecN_2x32Uv IVP_AVGRUN_2X32(xb_vecN_2x32Uv a, xb_vecN_2x32Uv b);
xb_vec2Nx8 IVP_ABS2NX8(xb_vec2Nx8 a);
xb_vecNx16 IVP_ABSNX16(xb_vecNx16 a);
xb_vecN_2x32v IVP_ABSN_2X32(xb_vecN_2x32v a);
xb_vec2Nx8U IVP_ABSSUB2NX8(xb_vec2Nx8 a, xb_vec2Nx8 b);
xb_vec2Nx8U IVP_ABSSUBU2NX8(xb_vec2Nx8U a, xb_vec2Nx8U b);
xb_vecNx16U IVP_ABSSUBNX16(xb_vecNx16 a, xb_vecNx16 b);
xb_vecNx16U IVP_ABSSUBUNX16(xb_vecNx16U a, xb_vecNx16U b);

/* 12.3 Min / max (U = unsigned), bitwise, leading zeros and sign bits, population count */
xb_vec2Nx8 IVP_MIN2NX8(xb_vec2Nx8 a, xb_vec2Nx8 b);
xb_vec2Nx8 IVP_MAX2NX8(xb_vec2Nx8 a, xb_vec2Nx8 b);
xb_vec2Nx8U IVP_MINU2NX8(xb_vec2Nx8U a, xb_vec2Nx8U b);
xb_vec2Nx8U IVP_MAXU2NX8(xb_vec2Nx8U a, xb_vec2Nx8U b);
xb_vecNx16 IVP_MINNX16(xb_vecNx16 a, xb_vecNx16 b);
xb_vecNx16 IVP_MAXNX16(xb_vecNx16 a, xb_vecNx16 b);
xb_vecNx16U IVP_MINUNX16(xb_vecNx16U a, xb_vecNx16U b);
xb_vecNx16U IVP_MAXUNX16(xb_vecNx16U a, xb_vecNx16U b);
xb_vecN_2x32v IVP_MINN_2X32(xb_vecN_2x32v a, xb_vecN_2x32v b);
xb_vecN_2x32v IVP_MAXN_2X32(xb_vecN_2x32v a, xb_vecN_2x32v b);
xb_vecN_2x32Uv IVP_MINUN_2X32(xb_vecN_2x32Uv a, xb_vecN_2x32Uv b);
xb_vecN_2x32Uv IVP_MAXUN_2X32(xb_vecN_2x32Uv a, xb_vecN_2x32Uv b);
xb_vec2Nx8 IVP_AND2NX8(xb_vec2Nx8 a, xb_vec2Nx8 b);
xb_vec2Nx8 IVP_OR2NX8(xb_vec2Nx8 a, xb_vec2Nx8 b);
xb_vec2Nx8 IVP_XOR2NX8(xb_vec2Nx8 a, xb_vec2Nx8 b);
xb_vec2Nx8 IVP_NOT2NX8(xb_vec2Nx8 a);
xb_vecNx16 IVP_ANDNX16(xb_vecNx16 a, xb_vecNx16 b);
xb_vecNx16 IVP_ORNX16(xb_vecNx16 a, xb_vecNx16 b);
xb_vecNx16 IVP_XORNX16(xb_vecNx16 a, xb_vecNx16 b);
xb_vecNx16 IVP_NOTNX16(xb_vecNx16 a);
xb_vecN_2x32v IVP_ANDN_2X32(xb_vecN_2x32v a, xb_vecN_2x32v b);
xb_vecN_2x32v IVP_ORN_2X32(xb_vecN_2x32v a, xb_vecN_2x32v b);
xb_vecN_2x32v IVP_XORN_2X32(xb_vecN_2x32v a, xb_vecN_2x32v b);
xb_vecN_2x32v IVP_NOTN_2X32(xb_vecN_2x32v a);
xb_vecNx16 IVP_NSAUNX16(xb_vecNx16 a);
xb_vecNx16 IVP_NSANX16(xb_vecNx16 a);
xb_vecN_2x32v IVP_NSAUN_2X32(xb_vecN_2x32v a);
xb_vecN_2x32v IVP_NSAN_2X32(xb_vecN_2x32v a);
xb_vec2Nx8 IVP_POPC2NX8(xb_vec2Nx8 a);
xb_vec2Nx8U IVP_POPC2NX8U(xb_vec2Nx8U a);

/* 12.3 Non-widening 16-bit multiply (low 16 bits), divide 32 / 16 (divisor of lane i: 16-bit lane 2i + sel of den) */
xb_vecNx16 IVP_MULNX16PACKL(xb_vecNx16 a, xb_vecNx16 b);
xb_vecNx16U IVP_MULNX16UPACKL(xb_vecNx16U a, xb_vecNx16U b);
void IVP_MULANX16PACKL(xb_vecNx16 &r, xb_vecNx16 a, xb_vecNx16 b);
void IVP_MULANX16UPACKL(xb_vecNx16U &r, xb_vecNx16U a, xb_vecNx16U b);
void IVP_DIVN_2X32X16(xb_vecN_2x32v &q, xb_vecN_2x32v &r, xb_vecN_2x32v num, xb_vecNx16 den, int sel);
void IVP_DIVN_2X32X16U(xb_vecN_2x32Uv &q, xb_vecN_2x32Uv &r, xb_vecN_2x32Uv num, xb_vecNx16U den, int sel);

/* 12.4 Shifts: I = by an immediate; per-lane amounts (negative amounts shift the other way); S = saturating */
xb_vec2Nx8 IVP_SLLI2NX8(xb_vec2Nx8 a, int imm);
xb_vec2Nx8 IVP_SRLI2NX8(xb_vec2Nx8 a, int imm);
xb_vec2Nx8 IVP_SRAI2NX8(xb_vec2Nx8 a, int imm);
xb_vecNx16 IVP_SLLINX16(xb_vecNx16 a, int imm);
xb_vecNx16 IVP_SRLINX16(xb_vecNx16 a, int imm);
xb_vecNx16 IVP_SRAINX16(xb_vecNx16 a, int imm);
xb_vecN_2x32v IVP_SLLIN_2X32(xb_vecN_2x32v a, int imm);
xb_vecN_2x32v IVP_SRLIN_2X32(xb_vecN_2x32v a, int imm);
xb_vecN_2x32v IVP_SRAIN_2X32(xb_vecN_2x32v a, int imm);
xb_vecNx16 IVP_SLLNX16(xb_vecNx16 a, xb_vecNx16 b);
xb_vecNx16 IVP_SRLNX16(xb_vecNx16 a, xb_vecNx16 b);
xb_vecNx16 IVP_SLANX16(xb_vecNx16 a, xb_vecNx16 b);
xb_vecNx16 IVP_SRANX16(xb_vecNx16 a, xb_vecNx16 b);
xb_vecNx16 IVP_SLSNX16(xb_vecNx16 a, xb_vecNx16 b);
xb_vecNx16 IVP_SRSNX16(xb_vecNx16 a, xb_vecNx16 b);
xb_vecNx16 IVP_SLSINX16(xb_vecNx16 a, int imm);
xb_vecN_2x32v IVP_SLLN_2X32(xb_vecN_2x32v a, xb_vecN_2x32v b);
xb_vecN_2x32v IVP_SRLN_2X32(xb_vecN_2x32v a, xb_vecN_2x32v b);
xb_vecN_2x32v IVP_SLAN_2X32(xb_vecN_2x32v a, xb_vecN_2x32v b);
xb_vecN_2x32v IVP_SRAN_2X32(xb_vecN_2x32v a, xb_vecN_2x32v b);
xb_vecN_2x32v IVP_SLSN_2X32(xb_vecN_2x32v a, xb_vecN_2x32v b);
xb_vecN_2x32v IVP_SRSN_2X32(xb_vecN_2x32v a, xb_vecN_2x32v b);
xb_vecN_2x32v IVP_SLSIN_2X32(xb_vecN_2x32v a, int imm);

/* 12.5 Compares into predicates */
vbool2N IVP_EQ2NX8(xb_vec2Nx8 a, xb_vec2Nx8 b);
vbool2N IVP_NEQ2NX8(xb_vec2Nx8 a, xb_vec2Nx8 b);
vbool2N IVP_LT2NX8(xb_vec2Nx8 a, xb_vec2Nx8 b);
vbool2N IVP_LE2NX8(xb_vec2Nx8 a, xb_vec2Nx8 b);
vbool2N IVP_GT2NX8(xb_vec2Nx8 a, xb_vec2Nx8 b);
vbool2N IVP_GE2NX8(xb_vec2Nx8 a, xb_vec2Nx8 b);
vbool2N IVP_LTU2NX8U(xb_vec2Nx8U a, xb_vec2Nx8U b);
vbool2N IVP_LEU2NX8U(xb_vec2Nx8U a, xb_vec2Nx8U b);
vbool2N IVP_GTU2NX8U(xb_vec2Nx8U a, xb_vec2Nx8U b);
vbool2N IVP_GEU2NX8U(xb_vec2Nx8U a, xb_vec2Nx8U b);
vboolN IVP_EQNX16(xb_vecNx16 a, xb_vecNx16 b);
vboolN IVP_NEQNX16(xb_vecNx16 a, xb_vecNx16 b);
vboolN IVP_LTNX16(xb_vecNx16 a, xb_vecNx16 b);
vboolN IVP_LENX16(xb_vecNx16 a, xb_vecNx16 b);
vboolN IVP_GTNX16(xb_vecNx16 a, xb_vecNx16 b);
vboolN IVP_GENX16(xb_vecNx16 a, xb_vecNx16 b);
vboolN IVP_LTUNX16U(xb_vecNx16U a, xb_vecNx16U b);
vboolN IVP_LEUNX16U(xb_vecNx16U a, xb_vecNx16U b);
vboolN IVP_GTUNX16U(xb_vecNx16U a, xb_vecNx16U b);
vboolN IVP_GEUNX16U(xb_vecNx16U a, xb_vecNx16U b);
vboolN_2 IVP_EQN_2X32(xb_vecN_2x32v a, xb_vecN_2x32v b);
vboolN_2 IVP_NEQN_2X32(xb_vecN_2x32v a, xb_vecN_2x32v b);
vboolN_2 IVP_LTN_2X32(xb_vecN_2x32v a, xb_vecN_2x32v b);
vboolN_2 IVP_LEN_2X32(xb_vecN_2x32v a, xb_vecN_2x32v b);
vboolN_2 IVP_GTN_2X32(xb_vecN_2x32v a, xb_vecN_2x32v b);
vboolN_2 IVP_GEN_2X32(xb_vecN_2x32v a, xb_vecN_2x32v b);
vboolN_2 IVP_LTUN_2X32U(xb_vecN_2x32Uv a, xb_vecN_2x32Uv b);
vboolN_2 IVP_LEUN_2X32U(xb_vecN_2x32Uv a, xb_vecN_2x32Uv b);
vboolN_2 IVP_GTUN_2X32U(xb_vecN_2x32Uv a, xb_vecN_2x32Uv b);
vboolN_2 IVP_GEUN_2X32U(xb_vecN_2x32Uv a, xb_vecN_2x32Uv b);
vboolN IVP_OEQNXF16(xb_vecNxf16 a, xb_vecNxf16 b);
vboolN IVP_OLTNXF16(xb_vecNxf16 a, xb_vecNxf16 b);
vboolN IVP_OLENXF16(xb_vecNxf16 a, xb_vecNxf16 b);
vboolN IVP_OGTNXF16(xb_vecNxf16 a, xb_vecNxf16 b);
vboolN IVP_OGENXF16(xb_vecNxf16 a, xb_vecNxf16 b);
vboolN IVP_UEQNXF16(xb_vecNxf16 a, xb_vecNxf16 b);
vboolN IVP_ULTNXF16(xb_vecNxf16 a, xb_vecNxf16 b);
vboolN IVP_ULENXF16(xb_vecNxf16 a, xb_vecNxf16 b);
vboolN IVP_UNNXF16(xb_vecNxf16 a, xb_vecNxf16 b);
vboolN_2 IVP_OEQN_2XF32(xb_vecN_2xf32 a, xb_vecN_2xf32 b);
vboolN_2 IVP_OLTN_2XF32(xb_vecN_2xf32 a, xb_vecN_2xf32 b);
vboolN_2 IVP_OLEN_2XF32(xb_vecN_2xf32 a, xb_vecN_2xf32 b);
vboolN_2 IVP_OGTN_2XF32(xb_vecN_2xf32 a, xb_vecN_2xf32 b);
vboolN_2 IVP_OGEN_2XF32(xb_vecN_2xf32 a, xb_vecN_2xf32 b);
vboolN_2 IVP_UEQN_2XF32(xb_vecN_2xf32 a, xb_vecN_2xf32 b);
vboolN_2 IVP_ULTN_2XF32(xb_vecN_2xf32 a, xb_vecN_2xf32 b);
vboolN_2 IVP_ULEN_2XF32(xb_vecN_2xf32 a, xb_vecN_2xf32 b);
vboolN_2 IVP_UNN_2XF32(xb_vecN_2xf32 a, xb_vecN_2xf32 b);

/* 12.5 Predicate logic, halves and joins ((hi, lo) argument order) */
vbool2N IVP_ANDB2N(vbool2N x, vbool2N y);
vbool2N IVP_ORB2N(vbool2N x, vbool2N y);
vbool2N IVP_XORB2N(vbool2N x, vbool2N y);
vbool2N IVP_ANDNOTB2N(vbool2N x, vbool2N y);
vbool2N IVP_NOTB2N(vbool2N x);
vboolN IVP_ANDBN(vboolN x, vboolN y);
vboolN IVP_ORBN(vboolN x, vboolN y);
vboolN IVP_XORBN(vboolN x, vboolN y);
vboolN IVP_ANDNOTBN(vboolN x, vboolN y);
vboolN IVP_NOTBN(vboolN x);
vboolN_2 IVP_ANDBN_2(vboolN_2 x, vboolN_2 y);
vboolN_2 IVP_ORBN_2(vboolN_2 x, vboolN_2 y);
vboolN_2 IVP_XORBN_2(vboolN_2 x, vboolN_2 y);
vboolN_2 IVP_ANDNOTBN_2(vboolN_2 x, vboolN_2 y);
vboolN_2 IVP_NOTBN_2(vboolN_2 x);
vboolN IVP_EXTRACTBL2N(vbool2N vb);
vboolN IVP_EXTRACTBH2N(vbool2N vb);
vboolN_2 IVP_EXTRACTBLN(vboolN vb);
vboolN_2 IVP_EXTRACTBHN(vboolN vb);
vboolN IVP_JOINBN_2(vboolN_2 hi, vboolN_2 lo);
vbool2N IVP_JOINBN(vboolN hi, vboolN lo);

/* 12.5 Select from the concatenation lo, hi by an index vector; single-source shuffle; immediate-pattern selects (IVP_SELI_* / IVP_DSELI_* below) */
xb_vec2Nx8 IVP_SEL2NX8(xb_vec2Nx8 hi, xb_vec2Nx8 lo, xb_vec2Nx8 idx);
xb_vec2Nx8 IVP_SHFL2NX8(xb_vec2Nx8 a, xb_vec2Nx8 idx);
xb_vec2Nx8 IVP_SEL2NX8I(xb_vec2Nx8 hi, xb_vec2Nx8 lo, int pattern);
xb_vec2Nx8U IVP_SEL2NX8U(xb_vec2Nx8U hi, xb_vec2Nx8U lo, xb_vec2Nx8 idx);
xb_vec2Nx8U IVP_SHFL2NX8U(xb_vec2Nx8U a, xb_vec2Nx8 idx);
xb_vec2Nx8U IVP_SEL2NX8UI(xb_vec2Nx8U hi, xb_vec2Nx8U lo, int pattern);
xb_vecNx16 IVP_SELNX16(xb_vecNx16 hi, xb_vecNx16 lo, xb_vecNx16 idx);
xb_vecNx16 IVP_SHFLNX16(xb_vecNx16 a, xb_vecNx16 idx);
xb_vecNx16 IVP_SELNX16I(xb_vecNx16 hi, xb_vecNx16 lo, int pattern);
xb_vecNx16U IVP_SELNX16U(xb_vecNx16U hi, xb_vecNx16U lo, xb_vecNx16 idx);
xb_vecNx16U IVP_SHFLNX16U(xb_vecNx16U a, xb_vecNx16 idx);
xb_vecNx16U IVP_SELNX16UI(xb_vecNx16U hi, xb_vecNx16U lo, int pattern);
xb_vecN_2x32v IVP_SELN_2X32(xb_vecN_2x32v hi, xb_vecN_2x32v lo, xb_vecN_2x32v idx);
xb_vecN_2x32v IVP_SHFLN_2X32(xb_vecN_2x32v a, xb_vecN_2x32v idx);
xb_vecN_2x32v IVP_SELN_2X32I(xb_vecN_2x32v hi, xb_vecN_2x32v lo, int pattern);
xb_vecN_2x32Uv IVP_SELN_2X32U(xb_vecN_2x32Uv hi, xb_vecN_2x32Uv lo, xb_vecN_2x32v idx);
xb_vecN_2x32Uv IVP_SHFLN_2X32U(xb_vecN_2x32Uv a, xb_vecN_2x32v idx);
xb_vecN_2x32Uv IVP_SELN_2X32UI(xb_vecN_2x32Uv hi, xb_vecN_2x32Uv lo, int pattern);
xb_vecNxf16 IVP_SELNXF16(xb_vecNxf16 hi, xb_vecNxf16 lo, xb_vecNx16 idx);
xb_vecNxf16 IVP_SHFLNXF16(xb_vecNxf16 a, xb_vecNx16 idx);
xb_vecNxf16 IVP_SELNXF16I(xb_vecNxf16 hi, xb_vecNxf16 lo, int pattern);
xb_vecN_2xf32 IVP_SELN_2XF32(xb_vecN_2xf32 hi, xb_vecN_2xf32 lo, xb_vecN_2x32v idx);
xb_vecN_2xf32 IVP_SHFLN_2XF32(xb_vecN_2xf32 a, xb_vecN_2x32v idx);
xb_vecN_2xf32 IVP_SELN_2XF32I(xb_vecN_2xf32 hi, xb_vecN_2xf32 lo, int pattern);
void IVP_DSEL2NX8I(xb_vec2Nx8 &outHi, xb_vec2Nx8 &outLo, xb_vec2Nx8 hi, xb_vec2Nx8 lo, int pattern);
void IVP_DSELNX16I(xb_vecNx16 &outHi, xb_vecNx16 &outLo, xb_vecNx16 hi, xb_vecNx16 lo, int pattern);
void IVP_DSELN_2X32I(xb_vecN_2x32v &outHi, xb_vecN_2x32v &outLo, xb_vecN_2x32v hi, xb_vecN_2x32v lo, int pattern);
void IVP_DSELN_2XF32I(xb_vecN_2xf32 &outHi, xb_vecN_2xf32 &outLo, xb_vecN_2xf32 hi, xb_vecN_2xf32 lo, int pattern);
void IVP_DSEL2NX8(xb_vec2Nx8 &outHi, xb_vec2Nx8 &outLo, xb_vec2Nx8 hi, xb_vec2Nx8 lo, xb_vec2Nx8 idx);
void IVP_DSELNX16(xb_vecNx16 &outHi, xb_vecNx16 &outLo, xb_vecNx16 hi, xb_vecNx16 lo, xb_vecNx16 idx);
void IVP_DSELN_2X32(xb_vecN_2x32v &outHi, xb_vecN_2x32v &outLo, xb_vecN_2x32v hi, xb_vecN_2x32v lo, xb_vecN_2x32v idx);

/* 12.6 8 x 8 -> 24-bit multiplies and multiply-accumulates (UU unsigned x unsigned, US unsigned x signed; P pair; Q quad with the bytes of a scalar) */
xb_vec2Nx24 IVP_MUL2NX8(xb_vec2Nx8 a, xb_vec2Nx8 b);
xb_vec2Nx24 IVP_MULUU2NX8(xb_vec2Nx8U a, xb_vec2Nx8U b);
xb_vec2Nx24 IVP_MULUS2NX8(xb_vec2Nx8U a, xb_vec2Nx8 b);
void IVP_MULA2NX8(xb_vec2Nx24 &acc, xb_vec2Nx8 a, xb_vec2Nx8 b);
void IVP_MULUUA2NX8(xb_vec2Nx24 &acc, xb_vec2Nx8U a, xb_vec2Nx8U b);
void IVP_MULS2NX8(xb_vec2Nx24 &acc, xb_vec2Nx8 a, xb_vec2Nx8 b);
xb_vec2Nx24 IVP_MULP2NX8(xb_vec2Nx8 a, xb_vec2Nx8 b, xb_vec2Nx8 c, xb_vec2Nx8 d);
xb_vec2Nx24 IVP_MULUUP2NX8(xb_vec2Nx8U a, xb_vec2Nx8U b, xb_vec2Nx8U c, xb_vec2Nx8U d);
void IVP_MULPA2NX8(xb_vec2Nx24 &acc, xb_vec2Nx8 a, xb_vec2Nx8 b, xb_vec2Nx8 c, xb_vec2Nx8 d);
void IVP_MULUUPA2NX8(xb_vec2Nx24 &acc, xb_vec2Nx8U a, xb_vec2Nx8U b, xb_vec2Nx8U c, xb_vec2Nx8U d);
void IVP_MULUUPDA2NX8(xb_vec2Nx24 &acc, xb_vec2Nx8U d1, xb_vec2Nx8U c1, xb_vec2Nx8U d2, xb_vec2Nx8U c2);
void IVP_MULQA2N8XR8(xb_vec2Nx24 &acc, xb_vec2Nx8 v3, xb_vec2Nx8 v2, xb_vec2Nx8 v1, xb_vec2Nx8 v0, xb_int32pr s);
void IVP_MULUUQA2N8XR8(xb_vec2Nx24 &acc, xb_vec2Nx8U v3, xb_vec2Nx8U v2, xb_vec2Nx8U v1, xb_vec2Nx8U v0, xb_int32pr s);
void IVP_DMULQA2N8XR8(xb_vec2Nx24 &accHi, xb_vec2Nx24 &accLo, xb_vec2Nx8 v3, xb_vec2Nx8 v2, xb_vec2Nx8 v1, xb_vec2Nx8 v0, xb_int64pr s);
void IVP_DMULUUQA2N8XR8(xb_vec2Nx24 &accHi, xb_vec2Nx24 &accLo, xb_vec2Nx8U v3, xb_vec2Nx8U v2, xb_vec2Nx8U v1, xb_vec2Nx8U v0, xb_int64pr s);

/* 12.6 16 x 16 -> 48-bit and 32 x 32 -> 64-bit multiplies and multiply-accumulates, widening adds */
xb_vecNx48 IVP_MULNX16(xb_vecNx16 a, xb_vecNx16 b);
xb_vecNx48 IVP_MULUUNX16U(xb_vecNx16U a, xb_vecNx16U b);
xb_vecNx48 IVP_MULUSNX16(xb_vecNx16U a, xb_vecNx16 b);
void IVP_MULANX16(xb_vecNx48 &acc, xb_vecNx16 a, xb_vecNx16 b);
void IVP_MULUUANX16(xb_vecNx48 &acc, xb_vecNx16U a, xb_vecNx16U b);
void IVP_MULSNX16(xb_vecNx48 &acc, xb_vecNx16 a, xb_vecNx16 b);
xb_vecNx48 IVP_MULPNX16(xb_vecNx16 a, xb_vecNx16 b, xb_vecNx16 c, xb_vecNx16 d);
xb_vecNx48 IVP_MULUUPNX16(xb_vecNx16U a, xb_vecNx16U b, xb_vecNx16U c, xb_vecNx16U d);
void IVP_MULPANX16(xb_vecNx48 &acc, xb_vecNx16 a, xb_vecNx16 b, xb_vecNx16 c, xb_vecNx16 d);
xb_vecNx48 IVP_MULPN16XR16(xb_vecNx16 a, xb_vecNx16 b, xb_int32pr s);
xb_vecNx48 IVP_MULSUPN16XR16(xb_vecNx16 a, xb_vecNx16 b, xb_int32pr s);
xb_vecN_2x64w IVP_MULN_2X32(xb_vecN_2x32v a, xb_vecN_2x32v b);
xb_vecN_2x64w IVP_MULUSN_2X32(xb_vecN_2x32Uv a, xb_vecN_2x32v b);
xb_vecN_2x64w IVP_MULUUN_2X16X32_0(xb_vecNx16U a, xb_vecN_2x32Uv b);
void IVP_MULAN_2X32(xb_vecN_2x64w &acc, xb_vecN_2x32v a, xb_vecN_2x32v b);
void IVP_MULSN_2X32(xb_vecN_2x64w &acc, xb_vecN_2x32v a, xb_vecN_2x32v b);
xb_vecNx48 IVP_ADDWNX16(xb_vecNx16 a, xb_vecNx16 b);
xb_vecNx48 IVP_ADDWUNX16U(xb_vecNx16U a, xb_vecNx16U b);
xb_vec2Nx24 IVP_ADDW2NX8(xb_vec2Nx8 a, xb_vec2Nx8 b);
xb_vec2Nx24 IVP_ADDWU2NX8U(xb_vec2Nx8U a, xb_vec2Nx8U b);
void IVP_ADDWANX16(xb_vecNx48 &acc, xb_vecNx16 a, xb_vecNx16 b);
void IVP_ADDWUANX16U(xb_vecNx48 &acc, xb_vecNx16U a, xb_vecNx16U b);
void IVP_ADDWA2NX8(xb_vec2Nx24 &acc, xb_vec2Nx8 a, xb_vec2Nx8 b);
void IVP_ADDWUA2NX8U(xb_vec2Nx24 &acc, xb_vec2Nx8U a, xb_vec2Nx8U b);
void IVP_DECNEGWNX48(xb_vecNx48 &acc);

/* 12.6 Float multiply-accumulate in vec registers */
void IVP_MULAN_2XF32(xb_vecN_2xf32 &acc, xb_vecN_2xf32 a, xb_vecN_2xf32 b);
void IVP_MULSN_2XF32(xb_vecN_2xf32 &acc, xb_vecN_2xf32 a, xb_vecN_2xf32 b);
void IVP_MULANXF16(xb_vecNxf16 &acc, xb_vecNxf16 a, xb_vecNxf16 b);
void IVP_MULSNXF16(xb_vecNxf16 &acc, xb_vecNxf16 a, xb_vecNxf16 b);

/* 12.7 Packs (wide -> narrow): VR round half up + arithmetic shift right by sh + signed saturate; VRU unsigned saturate; VRNR no round, no saturate; V per-lane shift vector; L low bits; H high 32 bits; M bits 31..16; Q (w + 2^14) >> 15 */
xb_vecNx16 IVP_PACKVRNX48(xb_vecNx48 w, int sh);
xb_vecNx16 IVP_PACKVRNRNX48(xb_vecNx48 w, int sh);
xb_vecNx16 IVP_PACKVNX48(xb_vecNx48 w, xb_vecNx16 vsh);
xb_vecNx16 IVP_PACKLNX48(xb_vecNx48 w);
xb_vec2Nx8 IVP_PACKVR2NX24(xb_vec2Nx24 w, int sh);
xb_vec2Nx8 IVP_PACKVRNR2NX24(xb_vec2Nx24 w, int sh);
xb_vec2Nx8 IVP_PACKV2NX24(xb_vec2Nx24 w, xb_vec2Nx8 vsh);
xb_vec2Nx8 IVP_PACKL2NX24(xb_vec2Nx24 w);
xb_vecN_2x32v IVP_PACKVRN_2X64W(xb_vecN_2x64w w, int sh);
xb_vecN_2x32v IVP_PACKVRNRN_2X64W(xb_vecN_2x64w w, int sh);
xb_vecN_2x32v IVP_PACKVN_2X64W(xb_vecN_2x64w w, xb_vecN_2x32v vsh);
xb_vecN_2x32v IVP_PACKLN_2X64W(xb_vecN_2x64w w);
xb_vec2Nx8U IVP_PACKVRU2NX24(xb_vec2Nx24 w, int sh);
xb_vecN_2x32v IVP_PACKVRNRNX48_0(xb_vecNx48 w, int sh);
xb_vecN_2x32v IVP_PACKVRNRNX48_1(xb_vecNx48 w, int sh);
xb_vecNx16 IVP_PACKVRNR2NX24_0(xb_vec2Nx24 w, int sh);
xb_vecNx16 IVP_PACKVRNR2NX24_1(xb_vec2Nx24 w, int sh);
xb_vecN_2x32v IVP_PACKLN_2X96(xb_vecN_2x64w w);
xb_vecN_2x32v IVP_PACKHN_2X64W(xb_vecN_2x64w w);
xb_vecNx16 IVP_PACKMNX48(xb_vecNx48 w);
xb_vecNx16 IVP_PACKQNX48(xb_vecNx48 w);

/* 12.7 Conversions between widths ((hi, lo) argument order; L/H = low/high lanes) */
xb_vecNx48 IVP_CVT48SNX32(xb_vecN_2x32v hi, xb_vecN_2x32v lo);
xb_vecNx48 IVP_CVT48UNX32(xb_vecN_2x32Uv hi, xb_vecN_2x32Uv lo);
xb_vecN_2x32v IVP_CVT32SNX48L(xb_vecNx48 w);
xb_vecN_2x32Uv IVP_CVT32UNX48L(xb_vecNx48 w);
xb_vecN_2x32v IVP_CVT32SNX48H(xb_vecNx48 w);
xb_vecN_2x32Uv IVP_CVT32UNX48H(xb_vecNx48 w);
xb_vec2Nx24 IVP_CVT24S2NX16(xb_vecNx16 hi, xb_vecNx16 lo);
xb_vecNx16 IVP_CVT16S2NX24L(xb_vec2Nx24 w);
xb_vecNx16U IVP_CVT16U2NX24L(xb_vec2Nx24 w);
xb_vecNx16 IVP_CVT16S2NX24H(xb_vec2Nx24 w);
xb_vecNx16U IVP_CVT16U2NX24H(xb_vec2Nx24 w);
xb_vecN_2x32v IVP_CVT32S2NX24LL(xb_vec2Nx24 w);
xb_vecN_2x32v IVP_CVT32S2NX24LH(xb_vec2Nx24 w);
xb_vecN_2x32v IVP_CVT32S2NX24HL(xb_vec2Nx24 w);
xb_vecN_2x32v IVP_CVT32S2NX24HH(xb_vec2Nx24 w);
xb_vec2Nx24 IVP_CVT24UNX32L(xb_vecN_2x32Uv hi, xb_vecN_2x32Uv lo);
void IVP_CVT24UNX32H(xb_vec2Nx24 &w, xb_vecN_2x32Uv hi, xb_vecN_2x32Uv lo);
xb_vecN_2x32v IVP_UNPKSNX16_L(xb_vecNx16 a);
xb_vecN_2x32Uv IVP_UNPKUNX16_L(xb_vecNx16U a);
xb_vecNx16 IVP_UNPKS2NX8_L(xb_vec2Nx8 a);
xb_vecNx16U IVP_UNPKU2NX8_L(xb_vec2Nx8U a);
xb_vecN_2x32v IVP_UNPKSNX16_H(xb_vecNx16 a);
xb_vecN_2x32Uv IVP_UNPKUNX16_H(xb_vecNx16U a);
xb_vecNx16 IVP_UNPKS2NX8_H(xb_vec2Nx8 a);
xb_vecNx16U IVP_UNPKU2NX8_H(xb_vec2Nx8U a);

/* 12.8 Reductions over all lanes (integer sums wrap in the result type) */
xb_int16 IVP_RADD2NX8(xb_vec2Nx8 v);
xb_int32 IVP_RADDNX16(xb_vecNx16 v);
xb_int32 IVP_RADDN_2X32(xb_vecN_2x32v v);
xb_int16U IVP_RADDU2NX8(xb_vec2Nx8U v);
xb_int8 IVP_RMAX2NX8(xb_vec2Nx8 v);
xb_int8 IVP_RMIN2NX8(xb_vec2Nx8 v);
xb_int8U IVP_RMAXU2NX8U(xb_vec2Nx8U v);
xb_int8U IVP_RMINU2NX8U(xb_vec2Nx8U v);
xb_int16 IVP_RMAXNX16(xb_vecNx16 v);
xb_int16 IVP_RMINNX16(xb_vecNx16 v);
xb_int16U IVP_RMAXUNX16U(xb_vecNx16U v);
xb_int16U IVP_RMINUNX16U(xb_vecNx16U v);
xb_int32 IVP_RMAXN_2X32(xb_vecN_2x32v v);
xb_int32 IVP_RMINN_2X32(xb_vecN_2x32v v);
xb_int32U IVP_RMAXUN_2X32U(xb_vecN_2x32Uv v);
xb_int32U IVP_RMINUN_2X32U(xb_vecN_2x32Uv v);
float IVP_RADDN_2XF32(xb_vecN_2xf32 v);
float IVP_RMAXN_2XF32(xb_vecN_2xf32 v);
float IVP_RMINN_2XF32(xb_vecN_2xf32 v);
float IVP_RMAXNUMN_2XF32(xb_vecN_2xf32 v);
float IVP_RMINNUMN_2XF32(xb_vecN_2xf32 v);

/* 12.9 Floating point: IEEE arithmetic, square root, sign operations, min / max (NUM = IEEE minNum / maxNum), int <-> float with a power-of-two scale, rounding to integral, f16 <-> f32 */
xb_vecN_2xf32 IVP_ADDN_2XF32(xb_vecN_2xf32 a, xb_vecN_2xf32 b);
xb_vecN_2xf32 IVP_SUBN_2XF32(xb_vecN_2xf32 a, xb_vecN_2xf32 b);
xb_vecN_2xf32 IVP_MULN_2XF32(xb_vecN_2xf32 a, xb_vecN_2xf32 b);
xb_vecN_2xf32 IVP_DIVN_2XF32(xb_vecN_2xf32 a, xb_vecN_2xf32 b);
xb_vecN_2xf32 IVP_MINN_2XF32(xb_vecN_2xf32 a, xb_vecN_2xf32 b);
xb_vecN_2xf32 IVP_MAXN_2XF32(xb_vecN_2xf32 a, xb_vecN_2xf32 b);
xb_vecN_2xf32 IVP_MINNUMN_2XF32(xb_vecN_2xf32 a, xb_vecN_2xf32 b);
xb_vecN_2xf32 IVP_MAXNUMN_2XF32(xb_vecN_2xf32 a, xb_vecN_2xf32 b);
xb_vecN_2xf32 IVP_SQRTN_2XF32(xb_vecN_2xf32 a);
xb_vecN_2xf32 IVP_ABSN_2XF32(xb_vecN_2xf32 a);
xb_vecN_2xf32 IVP_NEGN_2XF32(xb_vecN_2xf32 a);
xb_vecN_2xf32 IVP_FIRINTN_2XF32(xb_vecN_2xf32 a);
xb_vecN_2xf32 IVP_FIFLOORN_2XF32(xb_vecN_2xf32 a);
xb_vecN_2xf32 IVP_FICEILN_2XF32(xb_vecN_2xf32 a);
xb_vecN_2xf32 IVP_FIROUNDN_2XF32(xb_vecN_2xf32 a);
xb_vecN_2xf32 IVP_FITRUNCN_2XF32(xb_vecN_2xf32 a);
xb_vecNxf16 IVP_ADDNXF16(xb_vecNxf16 a, xb_vecNxf16 b);
xb_vecNxf16 IVP_SUBNXF16(xb_vecNxf16 a, xb_vecNxf16 b);
xb_vecNxf16 IVP_MULNXF16(xb_vecNxf16 a, xb_vecNxf16 b);
xb_vecNxf16 IVP_DIVNXF16(xb_vecNxf16 a, xb_vecNxf16 b);
xb_vecNxf16 IVP_MINNXF16(xb_vecNxf16 a, xb_vecNxf16 b);
xb_vecNxf16 IVP_MAXNXF16(xb_vecNxf16 a, xb_vecNxf16 b);
xb_vecNxf16 IVP_MINNUMNXF16(xb_vecNxf16 a, xb_vecNxf16 b);
xb_vecNxf16 IVP_MAXNUMNXF16(xb_vecNxf16 a, xb_vecNxf16 b);
xb_vecNxf16 IVP_SQRTNXF16(xb_vecNxf16 a);
xb_vecNxf16 IVP_ABSNXF16(xb_vecNxf16 a);
xb_vecNxf16 IVP_NEGNXF16(xb_vecNxf16 a);
xb_vecNxf16 IVP_FIRINTNXF16(xb_vecNxf16 a);
xb_vecNxf16 IVP_FIFLOORNXF16(xb_vecNxf16 a);
xb_vecNxf16 IVP_FICEILNXF16(xb_vecNxf16 a);
xb_vecNxf16 IVP_FIROUNDNXF16(xb_vecNxf16 a);
xb_vecNxf16 IVP_FITRUNCNXF16(xb_vecNxf16 a);
xb_vecN_2xf32 IVP_FLOATN_2X32(xb_vecN_2x32v a, int scale);
xb_vecN_2xf32 IVP_UFLOATN_2X32(xb_vecN_2x32Uv a, int scale);
xb_vecNxf16 IVP_FLOAT16NX16(xb_vecNx16 a, int scale);
xb_vecN_2x32v IVP_TRUNCN_2XF32(xb_vecN_2xf32 a, int scale);
xb_vecN_2x32Uv IVP_UTRUNCN_2XF32(xb_vecN_2xf32 a, int scale);
xb_vecNx16 IVP_TRUNC16NXF16(xb_vecNxf16 a, int scale);
xb_vecN_2xf32 IVP_CVTF32NXF16_0(xb_vecNxf16 a);
xb_vecN_2xf32 IVP_CVTF32NXF16_1(xb_vecNxf16 a);
xb_vecNxf16 IVP_CVTF16N_2XF32_0(xb_vecN_2xf32 a);

/* Immediate patterns of IVP_SEL*I: element size << 7 | kind (the encoding of docs/ivp-encoding.md;
   Cadence's numbers are not public). Kinds: 0..5 as named, 64 + k rotate right by k elements. */
#define IVP_SELI_8B_INTERLEAVE_1_LO 0
#define IVP_SELI_8B_INTERLEAVE_1_HI 1
#define IVP_SELI_8B_INTERLEAVE_2_LO 2
#define IVP_SELI_8B_INTERLEAVE_2_HI 3
#define IVP_SELI_8B_EXTRACT_1_OF_2_OFF_0 4
#define IVP_SELI_8B_EXTRACT_1_OF_2_OFF_1 5
#define IVP_SELI_8B_DEINTERLEAVE_1_EVEN 4
#define IVP_SELI_8B_DEINTERLEAVE_1_ODD 5
#define IVP_SELI_8B_ROTATE_RIGHT_1 65
#define IVP_SELI_8B_ROTATE_RIGHT_2 66
#define IVP_SELI_8B_ROTATE_RIGHT_3 67
#define IVP_SELI_8B_ROTATE_RIGHT_4 68
#define IVP_SELI_8B_ROTATE_RIGHT_5 69
#define IVP_SELI_8B_ROTATE_RIGHT_6 70
#define IVP_SELI_8B_ROTATE_RIGHT_7 71
#define IVP_SELI_8B_ROTATE_RIGHT_8 72
#define IVP_SELI_8B_ROTATE_RIGHT_9 73
#define IVP_SELI_8B_ROTATE_RIGHT_10 74
#define IVP_SELI_8B_ROTATE_RIGHT_11 75
#define IVP_SELI_8B_ROTATE_RIGHT_12 76
#define IVP_SELI_8B_ROTATE_RIGHT_13 77
#define IVP_SELI_8B_ROTATE_RIGHT_14 78
#define IVP_SELI_8B_ROTATE_RIGHT_15 79
#define IVP_SELI_8B_ROTATE_RIGHT_16 80
#define IVP_SELI_8B_ROTATE_RIGHT_17 81
#define IVP_SELI_8B_ROTATE_RIGHT_18 82
#define IVP_SELI_8B_ROTATE_RIGHT_19 83
#define IVP_SELI_8B_ROTATE_RIGHT_20 84
#define IVP_SELI_8B_ROTATE_RIGHT_21 85
#define IVP_SELI_8B_ROTATE_RIGHT_22 86
#define IVP_SELI_8B_ROTATE_RIGHT_23 87
#define IVP_SELI_8B_ROTATE_RIGHT_24 88
#define IVP_SELI_8B_ROTATE_RIGHT_25 89
#define IVP_SELI_8B_ROTATE_RIGHT_26 90
#define IVP_SELI_8B_ROTATE_RIGHT_27 91
#define IVP_SELI_8B_ROTATE_RIGHT_28 92
#define IVP_SELI_8B_ROTATE_RIGHT_29 93
#define IVP_SELI_8B_ROTATE_RIGHT_30 94
#define IVP_SELI_8B_ROTATE_RIGHT_31 95
#define IVP_SELI_8B_ROTATE_RIGHT_32 96
#define IVP_SELI_8B_ROTATE_RIGHT_33 97
#define IVP_SELI_8B_ROTATE_RIGHT_34 98
#define IVP_SELI_8B_ROTATE_RIGHT_35 99
#define IVP_SELI_8B_ROTATE_RIGHT_36 100
#define IVP_SELI_8B_ROTATE_RIGHT_37 101
#define IVP_SELI_8B_ROTATE_RIGHT_38 102
#define IVP_SELI_8B_ROTATE_RIGHT_39 103
#define IVP_SELI_8B_ROTATE_RIGHT_40 104
#define IVP_SELI_8B_ROTATE_RIGHT_41 105
#define IVP_SELI_8B_ROTATE_RIGHT_42 106
#define IVP_SELI_8B_ROTATE_RIGHT_43 107
#define IVP_SELI_8B_ROTATE_RIGHT_44 108
#define IVP_SELI_8B_ROTATE_RIGHT_45 109
#define IVP_SELI_8B_ROTATE_RIGHT_46 110
#define IVP_SELI_8B_ROTATE_RIGHT_47 111
#define IVP_SELI_8B_ROTATE_RIGHT_48 112
#define IVP_SELI_8B_ROTATE_RIGHT_49 113
#define IVP_SELI_8B_ROTATE_RIGHT_50 114
#define IVP_SELI_8B_ROTATE_RIGHT_51 115
#define IVP_SELI_8B_ROTATE_RIGHT_52 116
#define IVP_SELI_8B_ROTATE_RIGHT_53 117
#define IVP_SELI_8B_ROTATE_RIGHT_54 118
#define IVP_SELI_8B_ROTATE_RIGHT_55 119
#define IVP_SELI_8B_ROTATE_RIGHT_56 120
#define IVP_SELI_8B_ROTATE_RIGHT_57 121
#define IVP_SELI_8B_ROTATE_RIGHT_58 122
#define IVP_SELI_8B_ROTATE_RIGHT_59 123
#define IVP_SELI_8B_ROTATE_RIGHT_60 124
#define IVP_SELI_8B_ROTATE_RIGHT_61 125
#define IVP_SELI_8B_ROTATE_RIGHT_62 126
#define IVP_SELI_8B_ROTATE_RIGHT_63 127
#define IVP_SELI_8B_ROTATE_LEFT_1 127
#define IVP_SELI_8B_ROTATE_LEFT_2 126
#define IVP_SELI_8B_ROTATE_LEFT_3 125
#define IVP_SELI_8B_ROTATE_LEFT_4 124
#define IVP_SELI_8B_ROTATE_LEFT_5 123
#define IVP_SELI_8B_ROTATE_LEFT_6 122
#define IVP_SELI_8B_ROTATE_LEFT_7 121
#define IVP_SELI_8B_ROTATE_LEFT_8 120
#define IVP_SELI_8B_ROTATE_LEFT_9 119
#define IVP_SELI_8B_ROTATE_LEFT_10 118
#define IVP_SELI_8B_ROTATE_LEFT_11 117
#define IVP_SELI_8B_ROTATE_LEFT_12 116
#define IVP_SELI_8B_ROTATE_LEFT_13 115
#define IVP_SELI_8B_ROTATE_LEFT_14 114
#define IVP_SELI_8B_ROTATE_LEFT_15 113
#define IVP_SELI_8B_ROTATE_LEFT_16 112
#define IVP_SELI_8B_ROTATE_LEFT_17 111
#define IVP_SELI_8B_ROTATE_LEFT_18 110
#define IVP_SELI_8B_ROTATE_LEFT_19 109
#define IVP_SELI_8B_ROTATE_LEFT_20 108
#define IVP_SELI_8B_ROTATE_LEFT_21 107
#define IVP_SELI_8B_ROTATE_LEFT_22 106
#define IVP_SELI_8B_ROTATE_LEFT_23 105
#define IVP_SELI_8B_ROTATE_LEFT_24 104
#define IVP_SELI_8B_ROTATE_LEFT_25 103
#define IVP_SELI_8B_ROTATE_LEFT_26 102
#define IVP_SELI_8B_ROTATE_LEFT_27 101
#define IVP_SELI_8B_ROTATE_LEFT_28 100
#define IVP_SELI_8B_ROTATE_LEFT_29 99
#define IVP_SELI_8B_ROTATE_LEFT_30 98
#define IVP_SELI_8B_ROTATE_LEFT_31 97
#define IVP_SELI_8B_ROTATE_LEFT_32 96
#define IVP_SELI_8B_ROTATE_LEFT_33 95
#define IVP_SELI_8B_ROTATE_LEFT_34 94
#define IVP_SELI_8B_ROTATE_LEFT_35 93
#define IVP_SELI_8B_ROTATE_LEFT_36 92
#define IVP_SELI_8B_ROTATE_LEFT_37 91
#define IVP_SELI_8B_ROTATE_LEFT_38 90
#define IVP_SELI_8B_ROTATE_LEFT_39 89
#define IVP_SELI_8B_ROTATE_LEFT_40 88
#define IVP_SELI_8B_ROTATE_LEFT_41 87
#define IVP_SELI_8B_ROTATE_LEFT_42 86
#define IVP_SELI_8B_ROTATE_LEFT_43 85
#define IVP_SELI_8B_ROTATE_LEFT_44 84
#define IVP_SELI_8B_ROTATE_LEFT_45 83
#define IVP_SELI_8B_ROTATE_LEFT_46 82
#define IVP_SELI_8B_ROTATE_LEFT_47 81
#define IVP_SELI_8B_ROTATE_LEFT_48 80
#define IVP_SELI_8B_ROTATE_LEFT_49 79
#define IVP_SELI_8B_ROTATE_LEFT_50 78
#define IVP_SELI_8B_ROTATE_LEFT_51 77
#define IVP_SELI_8B_ROTATE_LEFT_52 76
#define IVP_SELI_8B_ROTATE_LEFT_53 75
#define IVP_SELI_8B_ROTATE_LEFT_54 74
#define IVP_SELI_8B_ROTATE_LEFT_55 73
#define IVP_SELI_8B_ROTATE_LEFT_56 72
#define IVP_SELI_8B_ROTATE_LEFT_57 71
#define IVP_SELI_8B_ROTATE_LEFT_58 70
#define IVP_SELI_8B_ROTATE_LEFT_59 69
#define IVP_SELI_8B_ROTATE_LEFT_60 68
#define IVP_SELI_8B_ROTATE_LEFT_61 67
#define IVP_SELI_8B_ROTATE_LEFT_62 66
#define IVP_SELI_8B_ROTATE_LEFT_63 65
#define IVP_SELI_16B_INTERLEAVE_1_LO 128
#define IVP_SELI_16B_INTERLEAVE_1_HI 129
#define IVP_SELI_16B_INTERLEAVE_2_LO 130
#define IVP_SELI_16B_INTERLEAVE_2_HI 131
#define IVP_SELI_16B_EXTRACT_1_OF_2_OFF_0 132
#define IVP_SELI_16B_EXTRACT_1_OF_2_OFF_1 133
#define IVP_SELI_16B_DEINTERLEAVE_1_EVEN 132
#define IVP_SELI_16B_DEINTERLEAVE_1_ODD 133
#define IVP_SELI_16B_ROTATE_RIGHT_1 193
#define IVP_SELI_16B_ROTATE_RIGHT_2 194
#define IVP_SELI_16B_ROTATE_RIGHT_3 195
#define IVP_SELI_16B_ROTATE_RIGHT_4 196
#define IVP_SELI_16B_ROTATE_RIGHT_5 197
#define IVP_SELI_16B_ROTATE_RIGHT_6 198
#define IVP_SELI_16B_ROTATE_RIGHT_7 199
#define IVP_SELI_16B_ROTATE_RIGHT_8 200
#define IVP_SELI_16B_ROTATE_RIGHT_9 201
#define IVP_SELI_16B_ROTATE_RIGHT_10 202
#define IVP_SELI_16B_ROTATE_RIGHT_11 203
#define IVP_SELI_16B_ROTATE_RIGHT_12 204
#define IVP_SELI_16B_ROTATE_RIGHT_13 205
#define IVP_SELI_16B_ROTATE_RIGHT_14 206
#define IVP_SELI_16B_ROTATE_RIGHT_15 207
#define IVP_SELI_16B_ROTATE_RIGHT_16 208
#define IVP_SELI_16B_ROTATE_RIGHT_17 209
#define IVP_SELI_16B_ROTATE_RIGHT_18 210
#define IVP_SELI_16B_ROTATE_RIGHT_19 211
#define IVP_SELI_16B_ROTATE_RIGHT_20 212
#define IVP_SELI_16B_ROTATE_RIGHT_21 213
#define IVP_SELI_16B_ROTATE_RIGHT_22 214
#define IVP_SELI_16B_ROTATE_RIGHT_23 215
#define IVP_SELI_16B_ROTATE_RIGHT_24 216
#define IVP_SELI_16B_ROTATE_RIGHT_25 217
#define IVP_SELI_16B_ROTATE_RIGHT_26 218
#define IVP_SELI_16B_ROTATE_RIGHT_27 219
#define IVP_SELI_16B_ROTATE_RIGHT_28 220
#define IVP_SELI_16B_ROTATE_RIGHT_29 221
#define IVP_SELI_16B_ROTATE_RIGHT_30 222
#define IVP_SELI_16B_ROTATE_RIGHT_31 223
#define IVP_SELI_16B_ROTATE_LEFT_1 223
#define IVP_SELI_16B_ROTATE_LEFT_2 222
#define IVP_SELI_16B_ROTATE_LEFT_3 221
#define IVP_SELI_16B_ROTATE_LEFT_4 220
#define IVP_SELI_16B_ROTATE_LEFT_5 219
#define IVP_SELI_16B_ROTATE_LEFT_6 218
#define IVP_SELI_16B_ROTATE_LEFT_7 217
#define IVP_SELI_16B_ROTATE_LEFT_8 216
#define IVP_SELI_16B_ROTATE_LEFT_9 215
#define IVP_SELI_16B_ROTATE_LEFT_10 214
#define IVP_SELI_16B_ROTATE_LEFT_11 213
#define IVP_SELI_16B_ROTATE_LEFT_12 212
#define IVP_SELI_16B_ROTATE_LEFT_13 211
#define IVP_SELI_16B_ROTATE_LEFT_14 210
#define IVP_SELI_16B_ROTATE_LEFT_15 209
#define IVP_SELI_16B_ROTATE_LEFT_16 208
#define IVP_SELI_16B_ROTATE_LEFT_17 207
#define IVP_SELI_16B_ROTATE_LEFT_18 206
#define IVP_SELI_16B_ROTATE_LEFT_19 205
#define IVP_SELI_16B_ROTATE_LEFT_20 204
#define IVP_SELI_16B_ROTATE_LEFT_21 203
#define IVP_SELI_16B_ROTATE_LEFT_22 202
#define IVP_SELI_16B_ROTATE_LEFT_23 201
#define IVP_SELI_16B_ROTATE_LEFT_24 200
#define IVP_SELI_16B_ROTATE_LEFT_25 199
#define IVP_SELI_16B_ROTATE_LEFT_26 198
#define IVP_SELI_16B_ROTATE_LEFT_27 197
#define IVP_SELI_16B_ROTATE_LEFT_28 196
#define IVP_SELI_16B_ROTATE_LEFT_29 195
#define IVP_SELI_16B_ROTATE_LEFT_30 194
#define IVP_SELI_16B_ROTATE_LEFT_31 193
#define IVP_SELI_32B_INTERLEAVE_1_LO 256
#define IVP_SELI_32B_INTERLEAVE_1_HI 257
#define IVP_SELI_32B_INTERLEAVE_2_LO 258
#define IVP_SELI_32B_INTERLEAVE_2_HI 259
#define IVP_SELI_32B_EXTRACT_1_OF_2_OFF_0 260
#define IVP_SELI_32B_EXTRACT_1_OF_2_OFF_1 261
#define IVP_SELI_32B_DEINTERLEAVE_1_EVEN 260
#define IVP_SELI_32B_DEINTERLEAVE_1_ODD 261
#define IVP_SELI_32B_ROTATE_RIGHT_1 321
#define IVP_SELI_32B_ROTATE_RIGHT_2 322
#define IVP_SELI_32B_ROTATE_RIGHT_3 323
#define IVP_SELI_32B_ROTATE_RIGHT_4 324
#define IVP_SELI_32B_ROTATE_RIGHT_5 325
#define IVP_SELI_32B_ROTATE_RIGHT_6 326
#define IVP_SELI_32B_ROTATE_RIGHT_7 327
#define IVP_SELI_32B_ROTATE_RIGHT_8 328
#define IVP_SELI_32B_ROTATE_RIGHT_9 329
#define IVP_SELI_32B_ROTATE_RIGHT_10 330
#define IVP_SELI_32B_ROTATE_RIGHT_11 331
#define IVP_SELI_32B_ROTATE_RIGHT_12 332
#define IVP_SELI_32B_ROTATE_RIGHT_13 333
#define IVP_SELI_32B_ROTATE_RIGHT_14 334
#define IVP_SELI_32B_ROTATE_RIGHT_15 335
#define IVP_SELI_32B_ROTATE_LEFT_1 335
#define IVP_SELI_32B_ROTATE_LEFT_2 334
#define IVP_SELI_32B_ROTATE_LEFT_3 333
#define IVP_SELI_32B_ROTATE_LEFT_4 332
#define IVP_SELI_32B_ROTATE_LEFT_5 331
#define IVP_SELI_32B_ROTATE_LEFT_6 330
#define IVP_SELI_32B_ROTATE_LEFT_7 329
#define IVP_SELI_32B_ROTATE_LEFT_8 328
#define IVP_SELI_32B_ROTATE_LEFT_9 327
#define IVP_SELI_32B_ROTATE_LEFT_10 326
#define IVP_SELI_32B_ROTATE_LEFT_11 325
#define IVP_SELI_32B_ROTATE_LEFT_12 324
#define IVP_SELI_32B_ROTATE_LEFT_13 323
#define IVP_SELI_32B_ROTATE_LEFT_14 322
#define IVP_SELI_32B_ROTATE_LEFT_15 321
/* Immediate patterns of IVP_DSEL*I: element size << 2 | kind (0 INTERLEAVE_1, 1 INTERLEAVE_2,
   2 DEINTERLEAVE_1, 3 DEINTERLEAVE_2); the unsized names are the 8-bit ones; 12..15 the 3-channel (RGB)
   steps on bytes, whose output placement is this project's (docs/ivp-encoding.md). */
#define IVP_DSELI_INTERLEAVE_1 0
#define IVP_DSELI_INTERLEAVE_2 1
#define IVP_DSELI_8B_INTERLEAVE_1 0
#define IVP_DSELI_8B_INTERLEAVE_2 1
#define IVP_DSELI_8B_DEINTERLEAVE_1 2
#define IVP_DSELI_8B_DEINTERLEAVE_2 3
#define IVP_DSELI_16B_INTERLEAVE_1 4
#define IVP_DSELI_16B_INTERLEAVE_2 5
#define IVP_DSELI_16B_DEINTERLEAVE_1 6
#define IVP_DSELI_16B_DEINTERLEAVE_2 7
#define IVP_DSELI_32B_INTERLEAVE_1 8
#define IVP_DSELI_32B_INTERLEAVE_2 9
#define IVP_DSELI_32B_DEINTERLEAVE_1 10
#define IVP_DSELI_32B_DEINTERLEAVE_2 11
#define IVP_DSELI_8B_DEINTERLEAVE_C3_STEP_0 12
#define IVP_DSELI_8B_DEINTERLEAVE_C3_STEP_1 13
#define IVP_DSELI_8B_INTERLEAVE_C3_STEP_0 14
#define IVP_DSELI_8B_INTERLEAVE_C3_STEP_1 15
#define IVP_DSELI_DEINTERLEAVE_C3_STEP_0 12
#define IVP_DSELI_DEINTERLEAVE_C3_STEP_1 13
#define IVP_DSELI_INTERLEAVE_C3_STEP_0 14
#define IVP_DSELI_INTERLEAVE_C3_STEP_1 15
