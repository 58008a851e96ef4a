// Matrix products in int and float, a dot product, and an in-place update through pointers.
#include <stdio.h>

const int N = 4;

void multiply(int a[N][N], int b[N][N], int out[N][N]) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      int s = 0;
      for (int k = 0; k < N; k++) s += a[i][k] * b[k][j];
      out[i][j] = s;
    }
}

float dot(const float* x, const float* y, int n) {
  float s = 0.0f;
  for (int i = 0; i < n; i++) s += x[i] * y[i];
  return s;
}

int main() {
  int a[N][N];
  int b[N][N];
  int c[N][N];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      a[i][j] = i + 2 * j;
      b[i][j] = (i == j) ? 2 : (i - j);
    }
  multiply(a, b, c);
  for (int i = 0; i < N; i++) printf("%d %d %d %d\n", c[i][0], c[i][1], c[i][2], c[i][3]);
  float x[6] = {0.5f, -1.0f, 2.0f, 0.25f, 3.0f, -0.125f};
  float y[6] = {4.0f, 2.0f, -1.5f, 8.0f, 0.5f, 16.0f};
  printf("%f\n", dot(x, y, 6));
  float m[3][3] = {{1, 2, 3}, {4, 5, 6}, {7, 8, 10}};
  for (int i = 0; i < 3; i++) {
    float* row = m[i];
    for (int j = 0; j < 3; j++) row[j] = row[j] * 0.5f + (float)i;
  }
  printf("%.3f %.3f %.3f\n", m[0][0], m[1][1], m[2][2]);
  return c[3][3] & 255;
}
