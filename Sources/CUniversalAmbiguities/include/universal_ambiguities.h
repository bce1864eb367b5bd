// Starting a Tesseract engine without parsing its built-in table of character ambiguities
// where no part of the engine reads it.
//
// Tesseract 5.3, built with its legacy engine (as Debian's is), parses a 324 KB table of
// ambiguities compiled into it (`UnicharAmbigs::LoadUniversal`, `universalambigs.h`) every
// time it loads a language, whatever the engine mode: 0.06-0.1 s of CPU for each model with
// Latin letters, about two thirds of an `eng` engine's start. Only the legacy engine reads
// the table (its adaptive classifier and segmentation search); an engine whose languages
// have LSTM models only reads with the LSTM, which never looks at it.
//
// This file defines the C++ member function under its mangled name, so the dynamic linker
// resolves libtesseract's own call to it here (the call goes through its PLT). On a thread
// inside `universal_ambiguities_skip_begin()` ... `_end()` the table is not parsed; anywhere
// else the call goes on to Tesseract's own function (`dlsym(RTLD_NEXT, ...)`), so other
// engines in the process are untouched.
#ifndef UNIVERSAL_AMBIGUITIES_H
#define UNIVERSAL_AMBIGUITIES_H

/// Begins a stretch on the calling thread in which engines started do not parse the table.
/// Calls nest; each is ended by `universal_ambiguities_skip_end`.
void universal_ambiguities_skip_begin(void);

/// Ends the stretch begun by the matching `universal_ambiguities_skip_begin`.
void universal_ambiguities_skip_end(void);

/// How many times on the calling thread Tesseract's parse of the table was skipped (0 where the
/// dynamic linker did not resolve Tesseract's call here, e.g. a libtesseract linked with
/// `-Bsymbolic`: engines then start as they always did).
long universal_ambiguities_skipped_count(void);

#endif
