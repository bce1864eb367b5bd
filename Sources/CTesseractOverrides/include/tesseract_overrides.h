// Two of Tesseract's wasted steps left out, for the calling thread only.
//
// Each file here defines a function libtesseract calls through its PLT, under the same
// name, so the dynamic linker resolves Tesseract's call here; on a thread inside the
// matching `begin` ... `end`, the step is left out, and anywhere else the call goes on to
// the library's own function (`dlsym(RTLD_NEXT, ...)`), so other Tesseract or Leptonica
// users in the process are untouched. Where the linker does not resolve the call here (a
// libtesseract linked with `-Bsymbolic`), nothing changes and the counts stay 0.
#ifndef TESSERACT_OVERRIDES_H
#define TESSERACT_OVERRIDES_H

// MARK: The built-in table of ambiguities (universal_ambiguities.c)
//
// Tesseract 5.3, built with its legacy engine (as Debian's is), parses a 324 KB table of
// character ambiguities compiled into it (`UnicharAmbigs::LoadUniversal`,
// `universalambigs.h`) every time it loads a language, whatever the engine mode: 0.06-0.1 s
// of CPU for each model with Latin letters, about two thirds of an `eng` engine's start.
// Only the legacy engine reads the table (its adaptive classifier and segmentation search);
// an engine whose languages have LSTM models only never looks at it.

/// Begins a stretch on the calling thread in which engines started do not parse the table.
/// Calls nest; each is ended by `tesseract_overrides_skip_ambiguities_end`.
void tesseract_overrides_skip_ambiguities_begin(void);
/// Ends the stretch begun by the matching `tesseract_overrides_skip_ambiguities_begin`.
void tesseract_overrides_skip_ambiguities_end(void);
/// How many times on the calling thread the table's parse was left out.
long tesseract_overrides_skipped_ambiguity_tables(void);

// MARK: Line images stored, not compressed (line_images.c)
//
// Tesseract 5.3's LSTM keeps each line image it reads as a PNG in memory
// (`ImageData::SetPixInternal`: `pixWriteMem(..., IFF_PNG)`) and decodes it again at once
// (`ImageData::GetPixInternal`): deflate and inflate at zlib's default level, about 4% of
// the CPU of a reading. Inside a stretch, PNGs are written with compression level 0
// (stored): the same pixels come back, without the compression.

/// Begins a stretch on the calling thread in which Leptonica writes PNGs uncompressed.
/// Calls nest; each is ended by `tesseract_overrides_store_line_images_end`.
void tesseract_overrides_store_line_images_begin(void);
/// Ends the stretch begun by the matching `tesseract_overrides_store_line_images_begin`.
void tesseract_overrides_store_line_images_end(void);
/// How many PNGs on the calling thread were written uncompressed.
long tesseract_overrides_stored_line_images(void);

#endif
