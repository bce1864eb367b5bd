// Leptonica, the image library Tesseract reads images with.
#include <leptonica/allheaders.h>
