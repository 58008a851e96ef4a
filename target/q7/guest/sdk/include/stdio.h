#pragma once
#include <stddef.h>
extern "C" {
int printf(const char* format, ...);
int snprintf(char* buffer, size_t size, const char* format, ...);
int puts(const char* text);
}
