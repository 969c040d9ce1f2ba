// ICU4C 77.1's MeasureFormat::formatMeasures for names-durations-corpus.py, which PyICU cannot call (its
// formatMeasures rejects every argument) and which has no C API. names-durations-corpus.py compiles this file with
// g++ against Debian's ICU 72 headers (libicu-dev) and links it with the ICU 77.1 libraries of the pyicu-wheels
// wheel; its docstring says exactly how.
//
// The headers are ICU 72's, the library ICU 77.1's, so:
//  - every ICU name is renamed to 77's (the namespace icu_77, the C functions' _77 suffix) by defining
//    U_ICU_ENTRY_POINT_RENAME before the first ICU header (uvernum.h defines it only when it is not defined);
//  - the shim uses few classes, and only through functions the library defines (constructors, factories, the
//    non-virtual formatMeasures), never a virtual call through the headers' vtable layout;
//  - before anything else it checks that every class whose storage it allocates, or whose array it passes, has
//    the same size in the headers as in the library, by counting what the library allocates when it copies one
//    (a qualified, non-virtual call of its clone()); a difference stops it (exit 2).
//
// Protocol: one request a line on stdin, `<ICU locale ID> TAB <width> TAB <unit>:<value>;<unit>:<value>…` (width:
// UMeasureFormatWidth, 0 wide, 1 short, 2 narrow, 3 numeric; units year, month, week, day, hour, minute, second;
// values as strtod reads them), one answer a line on stdout, the UTF-8 text or `ERROR <ICU error name>`.
#define U_ICU_ENTRY_POINT_RENAME(x) x##_77

#include <unicode/fieldpos.h>
#include <unicode/fmtable.h>
#include <unicode/locid.h>
#include <unicode/measfmt.h>
#include <unicode/measunit.h>
#include <unicode/measure.h>
#include <unicode/uclean.h>
#include <unicode/unistr.h>
#include <unicode/uversion.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <new>
#include <string>

using namespace icu;

namespace {

// ICU's allocations, counted while `recording`: the size of the first is the size of the object copied.
size_t firstSize = 0;
bool recording = false;

void *allocate(const void *, size_t size) {
    if (recording && firstSize == 0) firstSize = size;
    return malloc(size);
}
void *reallocate(const void *, void *memory, size_t size) { return realloc(memory, size); }
void release(const void *, void *memory) { free(memory); }

template <typename Copy> size_t librarySize(Copy copy) {
    firstSize = 0;
    recording = true;
    copy();
    recording = false;
    return firstSize;
}

void requireSize(const char *name, size_t library, size_t header) {
    if (library != header) {
        fprintf(stderr, "measure-format-shim: %s is %zu bytes in ICU 77.1's library, %zu in the headers\n", name,
                library, header);
        exit(2);
    }
}

// Room for a MeasureFormat of the library's size, whatever the headers' sizeof says.
alignas(16) unsigned char formatStorage[1024];

MeasureUnit *createUnit(const char *name, UErrorCode &status) {
    if (strcmp(name, "year") == 0) return MeasureUnit::createYear(status);
    if (strcmp(name, "month") == 0) return MeasureUnit::createMonth(status);
    if (strcmp(name, "week") == 0) return MeasureUnit::createWeek(status);
    if (strcmp(name, "day") == 0) return MeasureUnit::createDay(status);
    if (strcmp(name, "hour") == 0) return MeasureUnit::createHour(status);
    if (strcmp(name, "minute") == 0) return MeasureUnit::createMinute(status);
    if (strcmp(name, "second") == 0) return MeasureUnit::createSecond(status);
    status = U_ILLEGAL_ARGUMENT_ERROR;
    return nullptr;
}

}  // namespace

int main() {
    UErrorCode status = U_ZERO_ERROR;
    u_setMemoryFunctions(nullptr, allocate, reallocate, release, &status);
    UVersionInfo version;
    u_getVersion(version);
    if (U_FAILURE(status) || version[0] != 77 || version[1] != 1) {
        fprintf(stderr, "measure-format-shim: needs ICU 77.1, found %d.%d (%s)\n", version[0], version[1],
                u_errorName(status));
        return 2;
    }

    Formattable number(1.5);
    Measure measure(number, MeasureUnit::createHour(status), status);
    const Locale &english = Locale::getEnglish();
    MeasureFormat *probe = new (formatStorage) MeasureFormat(english, UMEASFMT_WIDTH_WIDE, status);
    if (U_FAILURE(status)) {
        fprintf(stderr, "measure-format-shim: %s\n", u_errorName(status));
        return 2;
    }
    requireSize("Measure", librarySize([&] { measure.Measure::clone(); }), sizeof(Measure));
    requireSize("Formattable", librarySize([&] { number.Formattable::clone(); }), sizeof(Formattable));
    UnicodeString text = UnicodeString::fromUTF8("x");
    requireSize("UnicodeString", librarySize([&] { text.UnicodeString::clone(); }), sizeof(UnicodeString));
    FieldPosition position(FieldPosition::DONT_CARE);
    requireSize("FieldPosition", librarySize([&] { position.FieldPosition::clone(); }), sizeof(FieldPosition));
    requireSize("Locale", librarySize([&] { english.Locale::clone(); }), sizeof(Locale));
    size_t formatSize = librarySize([&] { probe->MeasureFormat::clone(); });
    if (formatSize == 0 || formatSize > sizeof formatStorage) {
        fprintf(stderr, "measure-format-shim: MeasureFormat is %zu bytes in the library\n", formatSize);
        return 2;
    }
    // Destructors are called by their qualified names too: direct calls of the library's, not through a vtable.
    probe->MeasureFormat::~MeasureFormat();

    char line[4096];
    while (fgets(line, sizeof line, stdin)) {
        line[strcspn(line, "\n")] = 0;
        char *id = strtok(line, "\t");
        char *width = strtok(nullptr, "\t");
        char *fields = strtok(nullptr, "\t");
        if (!id || !width || !fields) {
            printf("ERROR U_ILLEGAL_ARGUMENT_ERROR\n");
            fflush(stdout);
            continue;
        }
        status = U_ZERO_ERROR;
        Locale locale = Locale::createFromName(id);
        MeasureFormat *format =
            new (formatStorage) MeasureFormat(locale, static_cast<UMeasureFormatWidth>(atoi(width)), status);
        // The measures, at the library's stride (checked above to be the headers' sizeof).
        alignas(Measure) unsigned char storage[8 * sizeof(Measure)];
        Measure *measures = reinterpret_cast<Measure *>(storage);
        int32_t count = 0;
        for (char *field = strtok(fields, ";"); field && count < 8; field = strtok(nullptr, ";")) {
            char *colon = strchr(field, ':');
            if (!colon) {
                status = U_ILLEGAL_ARGUMENT_ERROR;
                break;
            }
            *colon = 0;
            Formattable value(strtod(colon + 1, nullptr));
            new (&measures[count++]) Measure(value, createUnit(field, status), status);
        }
        UnicodeString result;
        FieldPosition ignored(FieldPosition::DONT_CARE);
        if (U_SUCCESS(status)) format->formatMeasures(measures, count, result, ignored, status);
        if (U_FAILURE(status)) {
            printf("ERROR %s\n", u_errorName(status));
        } else {
            std::string utf8;
            result.toUTF8String(utf8);
            printf("%s\n", utf8.c_str());
        }
        fflush(stdout);
        for (int32_t index = 0; index < count; ++index) measures[index].Measure::~Measure();
        format->MeasureFormat::~MeasureFormat();
    }
    return 0;
}
