// Tesseract's C API. Only the `Data` target imports this module.
#include <tesseract/capi.h>
