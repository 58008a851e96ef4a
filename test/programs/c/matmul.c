/* Matrix multiply: integer (with transposed operand) and double, plus a checksum. */
#include <stdio.h>
#include <stdint.h>

#define N 12

static int32_t A[N][N], B[N][N], C[N][N], Bt[N][N];
static double DA[N][N], DB[N][N], DC[N][N];

int main(void)
{
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            A[i][j] = (i * 3 + j * 5) % 17 - 8;
            B[i][j] = (i * 7 - j * 2) % 13;
            Bt[j][i] = B[i][j];
            DA[i][j] = (double)(i + 1) / (double)(j + 2);
            DB[i][j] = (i == j) ? 2.0 : 0.5 * (double)(i - j);
        }
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            int32_t s = 0, t = 0;
            double d = 0.0;
            for (int k = 0; k < N; k++) {
                s += A[i][k] * B[k][j];
                t += A[i][k] * Bt[j][k];
                d += DA[i][k] * DB[k][j];
            }
            C[i][j] = s == t ? s : 0x7fffffff;
            DC[i][j] = d;
        }
    for (int i = 0; i < 4; i++)
        printf("C[%d]: %6d %6d %6d %6d\n", i, C[i][0], C[i][1], C[i][2], C[i][3]);
    uint32_t sum = 0;
    int32_t trace = 0;
    double dsum = 0.0;
    for (int i = 0; i < N; i++) {
        trace += C[i][i];
        for (int j = 0; j < N; j++) {
            sum = sum * 31u + (uint32_t)C[i][j];
            dsum += DC[i][j];
        }
    }
    printf("trace=%d checksum=%08x\n", trace, sum);
    printf("DC[0][0]=%.9f DC[5][7]=%.9f dsum=%.6f\n", DC[0][0], DC[5][7], dsum);
    return (trace < 0 ? -trace : trace) % 100;
}
