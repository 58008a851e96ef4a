#pragma once
#include <ATen/core/TensorAccessor.h>
