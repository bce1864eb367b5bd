// Tesseract's wasted steps left out, for the calling thread only.
//
// Each file here defines a function libtesseract calls through its PLT, under the same
// name, so the dynamic linker resolves Tesseract's call here; on a thread inside the
// matching `begin` ... `end`, the step is left out, and anywhere else the call goes on to
// the library's own function (`dlsym(RTLD_NEXT, ...)`), so other Tesseract or Leptonica
// users in the process are untouched. Where the linker does not resolve the call here (a
// libtesseract linked with `-Bsymbolic`), nothing changes and the counts stay 0. They are
// built on 64-bit Linux with ELF only (override_support.h), and those that read
// Tesseract's private layouts apply to libtesseract 5.3.x only (verified on 5.3.0).
#ifndef TESSERACT_OVERRIDES_H
#define TESSERACT_OVERRIDES_H

#include <stdint.h>

// MARK: Where they are built (platform.c)

/// Whether the overrides are built into this package: 1 on a 64-bit Linux with ELF (unless
/// built with SWIFTOCR_NO_OVERRIDES defined), 0 elsewhere, where every `begin` returns 0.
int tesseract_overrides_built(void);
/// Whether the vectorised overrides (matrix products, LSTM layers) are built: x86-64 only.
int tesseract_overrides_vector_built(void);

// MARK: The built-in table of ambiguities (universal_ambiguities.c)
//
// Tesseract 5.3, built with its legacy engine (as Debian's is), parses a 324 KB table of
// character ambiguities compiled into it (`UnicharAmbigs::LoadUniversal`,
// `universalambigs.h`) every time it loads a language, whatever the engine mode: 0.06-0.1 s
// of CPU for each model with Latin letters, about two thirds of an `eng` engine's start.
// Only the legacy engine reads the table (its adaptive classifier and segmentation search);
// an engine whose languages have LSTM models only never looks at it.

/// Begins a stretch on the calling thread in which engines started do not parse the table;
/// returns 1 (begun). Calls nest; each is ended by `tesseract_overrides_skip_ambiguities_end`.
int tesseract_overrides_skip_ambiguities_begin(void);
/// Ends the stretch begun by the matching `tesseract_overrides_skip_ambiguities_begin`.
void tesseract_overrides_skip_ambiguities_end(void);
/// How many times on the calling thread the table's parse was left out.
long tesseract_overrides_skipped_ambiguity_tables(void);

// MARK: Paragraphs not detected (paragraphs.c)
//
// Tesseract 5.3 detects paragraphs after every `Recognize` (`TessBaseAPI::DetectParagraphs`),
// though nothing here reads them. Its iterators order positions by walking the page's blocks
// from the first, and detection asks for that order for every row: the square of a page's
// blocks, most of a minute on a photo's texture read in sparse mode (thousands of blocks).
// Inside a stretch it is left out: rows keep no paragraph, so each block reads as one
// paragraph, left to right, and the text, words and boxes are the same.

/// Begins a stretch on the calling thread in which paragraphs are not detected; returns 1
/// (begun). Calls nest; each is ended by `tesseract_overrides_skip_paragraphs_end`.
int tesseract_overrides_skip_paragraphs_begin(void);
/// Ends the stretch begun by the matching `tesseract_overrides_skip_paragraphs_begin`.
void tesseract_overrides_skip_paragraphs_end(void);
/// How many paragraph detections on the calling thread were left out.
long tesseract_overrides_skipped_paragraph_detections(void);

// MARK: Line images stored, not compressed (line_images.c)
//
// Tesseract 5.3's LSTM keeps each line image it reads as a PNG in memory
// (`ImageData::SetPixInternal`: `pixWriteMem(..., IFF_PNG)`) and decodes it again at once
// (`ImageData::GetPixInternal`): deflate and inflate at zlib's default level, about 4% of
// the CPU of a reading. Inside a stretch, PNGs are written with compression level 0
// (stored): the same pixels come back, without the compression.

/// Begins a stretch on the calling thread in which Leptonica writes PNGs uncompressed;
/// returns 1 (begun). Calls nest; each is ended by `tesseract_overrides_store_line_images_end`.
int tesseract_overrides_store_line_images_begin(void);
/// Ends the stretch begun by the matching `tesseract_overrides_store_line_images_begin`.
void tesseract_overrides_store_line_images_end(void);
/// How many PNGs on the calling thread were written uncompressed.
long tesseract_overrides_stored_line_images(void);

// MARK: Korean words kept without the other models' retry (korean_words.c)
//
// Reading with several models (`kor+eng`), Tesseract 5.3 reads each group of words with
// one model, and when any word of the group is under its stopper's certainty
// (`Dict::AcceptableResult`: -2.5 on its scaled certainty, the LSTM dictionary's own
// setting, out of the API's reach), reads the whole group again with every other model
// and keeps, word by word, the better reading (`classify_word_and_language`). On Korean
// pages that is most groups (19 of 29 on a report page, 40% of its reading's CPU), though
// the English model cannot read Hangul: its reading matters where the Korean word is not
// Hangul at all (a Latin word, a number, a mark misread). Inside a stretch, a word
// the stopper rejects is accepted when it is Hangul syllables (at least one) with marks
// both models read alike (`.,()[]:;'"!?-~/`, middle dot, curly quotes), read with a
// certainty above `floor`: a word under it may be another script misread, and still has
// the other models read it. Words with digits or Latin letters are left to the stopper.
//
// The function reads the word through Tesseract's private layout (`WERD_RES`,
// `WERD_CHOICE`), known for 5.3.x only: with any other libtesseract, `begin` does nothing
// and returns 0.

/// Begins a stretch on the calling thread in which Korean words read more surely than
/// `floor` (Tesseract's scaled certainty) are accepted; 1 when begun, 0 when the
/// libtesseract loaded is not one whose layout is known (then nothing is to be ended).
/// Calls nest; each that returned 1 is ended by `tesseract_overrides_accept_korean_words_end`.
int tesseract_overrides_accept_korean_words_begin(float floor);
/// Ends the stretch begun by the matching `tesseract_overrides_accept_korean_words_begin`.
void tesseract_overrides_accept_korean_words_end(void);
/// How many words on the calling thread were accepted that Tesseract's stopper rejected.
long tesseract_overrides_accepted_korean_words(void);

// MARK: The LSTM's index steps without calls between them (stride_index.c)
//
// Tesseract's networks walk their inputs with `StrideMap::Index` (its convolution, max
// pooling and LSTM layers: a step per position and neighbour), whose small member
// functions libtesseract calls through its PLT, and which call each other the same way
// (`AddOffset` calls `SetTFromIndices` and `IsValid`, which calls `MaxIndexOfDim` three
// times): 14% of a reading's CPU on a photographed slip, in calls. Inside a stretch, each
// is done here as Tesseract's stridemap.cpp does it, with the steps it calls inlined: the
// same indices, so the same reading.
//
// The functions read the index through Tesseract's private layout (`StrideMap`), verified
// on 5.3.0: with any libtesseract but 5.3.x, `begin` does nothing and returns 0.

/// Begins a stretch on the calling thread in which Tesseract's index steps are done here;
/// 1 when begun, 0 when the libtesseract loaded is not one whose layout is known (then
/// nothing is to be ended). Calls nest; each that returned 1 is ended by
/// `tesseract_overrides_inline_stride_index_end`.
int tesseract_overrides_inline_stride_index_begin(void);
/// Ends the stretch begun by the matching `tesseract_overrides_inline_stride_index_begin`.
void tesseract_overrides_inline_stride_index_end(void);
/// How many index steps on the calling thread were done here.
long tesseract_overrides_inlined_stride_index_steps(void);

// MARK: The LSTM's first layers and time steps without their calls (network_steps.c)
//
// Debian's libtesseract is built for the baseline x86-64, and three of the steps its LSTM
// takes for every line are slow there:
// - `NetworkIO::WriteTimeStepPart` scales each activation to 8 bits, rounds it half away
//   from zero and clips it, one at a time behind a branch (6-7% of a reading's CPU);
// - `Convolve::Forward`, the first layer, gathers each pixel's 3 x 3 neighbourhood with
//   three calls per neighbour (`StrideMap::Index` steps, and `CopyTimeStepGeneral` copying
//   one value), filling places outside the image from the network's random numbers;
// - `Maxpool::Forward`, the second, takes the greatest of each 3 x 3 block with two calls
//   per position covered, and notes where each came from, which only learning reads.
// Inside a stretch, all three are done here as Tesseract's networkio.cpp, convolve.cpp and
// maxpool.cpp do them: the first in a loop the compiler vectorises, the others without the
// calls (the same random numbers in the same order; where the greatest came from left
// unnoted in a network that never learns): the same values, so the same reading.
//
// The functions reach the network's values through Tesseract's private layouts
// (`NetworkIO`, `GENERIC_2D_ARRAY`, `Network`, `Convolve`, `Reconfig`, `TRand`), known for
// 5.3.x only: with any other libtesseract, `begin` does nothing and returns 0.

/// Begins a stretch on the calling thread in which the three steps are done here; 1 when
/// begun, 0 when the libtesseract loaded is not one whose layout is known (then nothing is
/// to be ended). Calls nest; each that returned 1 is ended by
/// `tesseract_overrides_vectorise_network_steps_end`.
int tesseract_overrides_vectorise_network_steps_begin(void);
/// Ends the stretch begun by the matching `tesseract_overrides_vectorise_network_steps_begin`.
void tesseract_overrides_vectorise_network_steps_end(void);
/// How many time steps written and layers run on the calling thread were done here.
long tesseract_overrides_vectorised_network_steps(void);

// MARK: The LSTM's matrix products with dot-product instructions (matrix_products.c)
//
// Most of the arithmetic of a reading is the LSTM's products of 8-bit weights and inputs
// (`WeightMatrix::MatrixDotVector`, 14% of the CPU). Debian's libtesseract does them with
// AVX2 at best: five instructions for each 32 weights (`_mm256_sign_epi8` twice,
// `_mm256_maddubs_epi16`, `_mm256_madd_epi16`, `_mm256_add_epi32`). Where the processor has
// AVX-512 with VNNI, inside a stretch they are done here with `vpdpbusd`, 64 weights at a
// time, on the weights as the library shaped them for its AVX2 products: the same integer
// sums, scaled by the same float operations, so the same values. Anywhere else (another
// processor, weights shaped for another instruction set) the library's function does them.
//
// The weights are reached through Tesseract's private layout (`WeightMatrix`), known for
// 5.3.x only: with any other libtesseract, `begin` does nothing and returns 0.

/// Whether the processor has the instructions (AVX-512 F, BW and VL with VNNI, their
/// registers kept by the system).
int tesseract_overrides_dot_product_instructions_available(void);
/// Begins a stretch on the calling thread in which the products are done here; 1 when begun,
/// 0 when the processor lacks the instructions or the libtesseract loaded is not one whose
/// layout is known (then nothing is to be ended). Calls nest; each that returned 1 is ended
/// by `tesseract_overrides_use_dot_product_instructions_end`.
int tesseract_overrides_use_dot_product_instructions_begin(void);
/// Ends the stretch begun by the matching `tesseract_overrides_use_dot_product_instructions_begin`.
void tesseract_overrides_use_dot_product_instructions_end(void);
/// How many matrix products on the calling thread were done here.
long tesseract_overrides_dot_product_instruction_products(void);
/// `outputs` products of `inputs` 8-bit `values` (rounded up to 4, padded to 32 more) with
/// `weights` shaped as the library shapes them for AVX2 (`IntSimdMatrix::Init`), plus the
/// biases, scaled by `scales`, into `out` (`outputs` rounded up to 8), done here; 0 (nothing
/// done) without the instructions.
int tesseract_overrides_dot_product_instruction_product(
    int outputs, int inputs, const int8_t *weights, const float *scales, const int8_t *values, float *out);
/// The same by the library's own AVX2 function; 0 (nothing done) without it or AVX2.
int tesseract_overrides_library_product(
    int outputs, int inputs, const int8_t *weights, const float *scales, const int8_t *values, float *out);

// MARK: The LSTM layer with its gates' functions vectorised (lstm_forward.c)
//
// For each position of a line, an LSTM layer (`LSTM::Forward`) takes four matrix products
// and puts each of their values through a table-interpolated tanh or logistic function, then
// updates its state: in Debian's build, one value at a time behind branches, 14% of a
// reading's CPU beside the products themselves. Inside a stretch, where the processor has
// AVX2, a one-dimensional layer in 8-bit mode that never learns (Tesseract's own models) is
// run here as lstm.cpp runs it, the functions eight values at a time by the same table
// interpolation (values whose scaled size passes 32 bits, or NaN, one at a time as Debian's
// build computes them): the same values, so the same reading. Other layers are the library's.
//
// The layer is reached through Tesseract's private layouts (`LSTM`, `WeightMatrix`,
// `NetworkIO`), known for 5.3.x only: with any other libtesseract, `begin` does nothing and
// returns 0.

/// Whether the processor has AVX2, its registers kept by the system.
int tesseract_overrides_avx2_available(void);
/// Begins a stretch on the calling thread in which LSTM layers are run here; 1 when begun, 0
/// when the processor lacks AVX2 or the libtesseract loaded is not one whose layout is known
/// (then nothing is to be ended). Calls nest; each that returned 1 is ended by
/// `tesseract_overrides_vectorise_lstm_end`.
int tesseract_overrides_vectorise_lstm_begin(void);
/// Ends the stretch begun by the matching `tesseract_overrides_vectorise_lstm_begin`.
void tesseract_overrides_vectorise_lstm_end(void);
/// How many LSTM layers' passes and fully connected layers' steps on the calling thread were
/// run here.
long tesseract_overrides_vectorised_lstm_layers(void);
/// Tanh (`is_tanh`) or the logistic function of `n` values in place, eight at a time as an
/// LSTM's gates are here; 0 (nothing done) without AVX2 or the library's tables.
int tesseract_overrides_vectorised_gate_function(float *values, int n, int is_tanh);
/// The same by the library's own code (a fully connected tanh or logistic layer's
/// `ForwardTimeStep`); 0 (nothing done) when the library's function is not found.
int tesseract_overrides_library_gate_function(float *values, int n, int is_tanh);

#endif
