#pragma once
extern "C" {
float fabsf(float x);
float ceilf(float x);
float floorf(float x);
float sinf(float x);
float cosf(float x);
float tanf(float x);
float logf(float x);
float log2f(float x);
float log10f(float x);
float expf(float x);
float powf(float x, float y);
float sqrtf(float x);
float fmaxf(float x, float y);
float fminf(float x, float y);
double fabs(double x);
double ceil(double x);
double floor(double x);
double sin(double x);
double cos(double x);
double tan(double x);
double log(double x);
double log2(double x);
double log10(double x);
double exp(double x);
double pow(double x, double y);
double sqrt(double x);
double tanh(double x);
float tanhf(float x);
}
