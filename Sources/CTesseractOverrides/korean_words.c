// Korean words kept without the other models' retry: see include/tesseract_overrides.h.
#include "override_support.h"
#include "tesseract_overrides.h"

#include <string.h>

#if OVERRIDES_INTERPOSE

/// `bool tesseract::Dict::AcceptableResult(WERD_RES *word) const`.
typedef _Bool (*acceptable_result_function)(const void *dict, void *word);
/// `const char *tesseract::UNICHARSET::id_to_unichar(UNICHAR_ID id) const`.
typedef const char *(*id_to_unichar_function)(const void *unicharset, int id);

#define ACCEPTABLE_RESULT_SYMBOL "_ZNK9tesseract4Dict16AcceptableResultEPNS_8WERD_RESE"
#define ID_TO_UNICHAR_SYMBOL "_ZNK9tesseract10UNICHARSET13id_to_unicharEi"

// Where Tesseract 5.3 (5.3.0 to 5.3.4: `pageres.h` and `ratngs.h` unchanged, LP64) keeps
// what is read of a word: `WERD_RES::best_choice` (a `WERD_CHOICE *`), and in the
// `WERD_CHOICE` its `unicharset_`, the begin and end of `unichar_ids_` (a
// `std::vector<int>`) and `certainty_`. Checked against the library's own code:
// `Dict::AcceptableResult` loads `best_choice` at 0x120 and the certainty at 0x80.
#define WERD_RES_BEST_CHOICE 0x120
#define WERD_CHOICE_UNICHARSET 0x08
#define WERD_CHOICE_UNICHAR_IDS 0x10
#define WERD_CHOICE_CERTAINTY 0x80

typedef struct {
    override_stretch stretch;
    float floor;
} accepting_stretch;

static _Thread_local accepting_stretch accepting = {{0, 0}, 0};
static _Atomic(void *) tesseract_acceptable_result = NULL;
static _Atomic(void *) tesseract_id_to_unichar = NULL;

/// Whether the libtesseract in the process is one whose layout this file reads (5.3.x):
/// asked once (`override_layout_known`).
static _Atomic int layout = 0;

int tesseract_overrides_accept_korean_words_begin(float floor) {
    if (!override_layout_known(&layout, "5.3.")) return 0;
    accepting.floor = floor;
    return override_stretch_begin(&accepting.stretch);
}

void tesseract_overrides_accept_korean_words_end(void) { override_stretch_end(&accepting.stretch); }
long tesseract_overrides_accepted_korean_words(void) { return accepting.stretch.changed; }

/// Whether `text` is one character of a Korean word: a Hangul syllable (counted in
/// `syllables`) or a mark both models read alike.
static int korean_word_character(const char *text, int *syllables) {
    const unsigned char *b = (const unsigned char *)text;
    if (b == NULL || b[0] == 0) return 0;
    if (b[0] < 0x80) return b[1] == 0 && strchr(".,()[]:;'\"!?-~/", b[0]) != NULL;
    unsigned scalar;
    if ((b[0] & 0xE0) == 0xC0 && (b[1] & 0xC0) == 0x80 && b[2] == 0) {
        scalar = ((b[0] & 0x1Fu) << 6) | (b[1] & 0x3Fu);
    } else if ((b[0] & 0xF0) == 0xE0 && (b[1] & 0xC0) == 0x80 && (b[2] & 0xC0) == 0x80 && b[3] == 0) {
        scalar = ((b[0] & 0x0Fu) << 12) | ((b[1] & 0x3Fu) << 6) | (b[2] & 0x3Fu);
    } else {
        return 0;
    }
    if (scalar >= 0xAC00 && scalar <= 0xD7A3) {
        *syllables += 1;
        return 1;
    }
    // Middle dot and curly quotes.
    return scalar == 0xB7 || scalar == 0x2018 || scalar == 0x2019 || scalar == 0x201C || scalar == 0x201D;
}

// Exported under the C++ name so that it takes the place of Tesseract's function.
__attribute__((visibility("default"), used))
_Bool _ZNK9tesseract4Dict16AcceptableResultEPNS_8WERD_RESE(const void *dict, void *word) {
    acceptable_result_function function =
        (acceptable_result_function)override_library_function(&tesseract_acceptable_result, ACCEPTABLE_RESULT_SYMBOL);
    _Bool accepted = function != NULL && function(dict, word);
    if (accepted || !override_stretch_active(&accepting.stretch) || word == NULL) return accepted;
    id_to_unichar_function to_unichar =
        (id_to_unichar_function)override_library_function(&tesseract_id_to_unichar, ID_TO_UNICHAR_SYMBOL);
    const char *choice = *(const char *const *)((const char *)word + WERD_RES_BEST_CHOICE);
    if (choice == NULL || to_unichar == NULL) return accepted;
    const void *unicharset = *(const void *const *)(choice + WERD_CHOICE_UNICHARSET);
    const int *first = *(const int *const *)(choice + WERD_CHOICE_UNICHAR_IDS);
    const int *end = *(const int *const *)(choice + WERD_CHOICE_UNICHAR_IDS + sizeof(void *));
    float certainty = *(const float *)(choice + WERD_CHOICE_CERTAINTY);
    if (unicharset == NULL || first == NULL || end <= first || !(certainty > accepting.floor)) return accepted;
    int syllables = 0;
    for (const int *id = first; id != end; ++id) {
        if (!korean_word_character(to_unichar(unicharset, *id), &syllables)) return accepted;
    }
    if (syllables == 0) return accepted;
    accepting.stretch.changed += 1;
    return 1;
}

#else  // not built here: nothing begins, Tesseract runs unchanged

int tesseract_overrides_accept_korean_words_begin(float floor) {
    (void)floor;
    return 0;
}
void tesseract_overrides_accept_korean_words_end(void) {}
long tesseract_overrides_accepted_korean_words(void) { return 0; }

#endif
