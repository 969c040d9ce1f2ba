"""The code every generator shares, written once (scripts/generate/registry.py lists the generators):

- what a generator does with what it generated (`update`): write the files that changed, or, with --check,
  write nothing and fail naming the files that would change, so that every generator's --check means the same
  thing to scripts/test.sh; and the command line they all take (`command_line`);
- the Swift source they write: string literals (`swift_literal`, `swift_string`), the header of a generated
  file (`swift_header`, `generated_by`), and the packed index and records that `PackedRecords` in
  Sources/LocaleData reads in place (`PackedRecords`, `record_text`);
- ICU 77.1 (CLDR 47), for the generators of ICU's data (PyICU: `pip install pyicu-wheels==2.15.2`): the
  version check (`require_icu`), the C libraries of the PyICU wheel through ctypes (`wheel_library`,
  `CLibrary`) and the resource files PyICU cannot open (`Resources`), a locale's resource bundle (`Bundle`),
  ICU's locales with their parents (`locales`, `tag`, `chain`, `locale_order`), what each locale keeps of
  its values over its parent's (`encode`, `by_parents`), and the pattern generator's table
  (`pattern_generator_table`).

PyICU is imported only where it is installed, so that what needs no ICU (east-asian-width.py, registry.py)
runs without it.
"""
import argparse
import ctypes
import glob
import os
import re
import sys

try:
    import icu
except Exception:  # not installed, or broken: what needs no ICU runs all the same, and registry.py skips the rest
    icu = None

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# Where the registry's runner asks `update` to list the files a generator generates (one path a line).
OUTPUTS_ENVIRONMENT = "WIDGET_I18N_GENERATED_OUTPUTS"

ICU_VERSION = "77.1"
CLDR_RELEASE = "47"
PYICU = "pip install pyicu-wheels==2.15.2"

# The layout of the packed records, as `PackedRecords.Layout` (Sources/LocaleData/CLDR/PackedRecords.swift)
# describes it, with why each width is what it is; Tests/LocaleDataTests/PackedRecordsTests.swift reads what this
# file's `PackedRecords` writes, so the two languages keep to the same bytes. An index entry is the key padded with
# spaces to the table's key width (KEY_WIDTH for `locale/section` keys, ZONE_KEY_WIDTH for the zone names'), then
# the record's offset and length in bytes, zero-padded to OFFSET_DIGITS and LENGTH_DIGITS digits.
KEY_WIDTH, ZONE_KEY_WIDTH = 24, 40
OFFSET_DIGITS, LENGTH_DIGITS = 8, 7
# The separators of the packed records: US between a key and its value, RS after the value, LS between the
# items of a list value; ABSENT is the value "this locale has none here" (so that a parent's is not inherited).
US, RS, LS, ABSENT = "\x1f", "\x1e", "\x1d", "\x18"
# CLDR's plural categories, in its order.
CATEGORIES = ["zero", "one", "two", "few", "many", "other"]


# --- what a generator does with what it generated -----------------------------------------------------------------


def update(script, outputs, check, current):
    """Compare `outputs` (path, absolute or relative to the repository root, -> text) with the files.

    Without `check`, writes each file whose text differs (UTF-8, "\\n" line ends) and returns their paths,
    relative to the root. With `check`, writes nothing: exits 1 naming the files that would change, else prints
    "<script> --check: <current>" and returns []. Where the registry's runner asks (OUTPUTS_ENVIRONMENT names a
    file), it first adds the paths of `outputs` to that file, so the runner can hold them to the registry.
    """
    listing = os.environ.get(OUTPUTS_ENVIRONMENT)
    if listing:
        with open(listing, "a", encoding="utf-8") as file:
            file.writelines(os.path.relpath(os.path.join(ROOT, path), ROOT) + "\n" for path in outputs)
    changed = []
    for path, text in outputs.items():
        full = os.path.join(ROOT, path)
        old = open(full, encoding="utf-8").read() if os.path.exists(full) else None
        if old == text:
            continue
        changed.append(os.path.relpath(full, ROOT))
        if not check:
            os.makedirs(os.path.dirname(full), exist_ok=True)
            with open(full, "w", encoding="utf-8", newline="\n") as output:
                output.write(text)
    if check:
        if changed:
            print("%s --check: regenerating changes %s" % (script, ", ".join(changed)), file=sys.stderr)
            sys.exit(1)
        print("%s --check: %s" % (script, current))
    return changed


def wrote(changed):
    """What a generator says after writing (without --check): the files `update` changed, or that all were
    current."""
    print("wrote %s" % (", ".join(changed) if changed else "nothing (all current)"))


def current(what="the generated files are"):
    """What a generator of ICU data says when its --check passes: "<what> current (ICU 77.1, CLDR 47)"."""
    return "%s current (ICU %s, CLDR %s)" % (what, ICU_VERSION, CLDR_RELEASE)


def command_line(doc, compared="the committed files"):
    """The argument parser every generator starts from: its docstring as the help, and `--check` (compare with
    `compared`, write nothing). A generator adds its own options to it, then parses."""
    parser = argparse.ArgumentParser(description=doc, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--check", action="store_true", help="compare with %s, write nothing" % compared)
    return parser


def script_name():
    """The file name of the generator that is running (`cldr.py`), which its messages start with."""
    return os.path.basename(sys.argv[0])


# --- Swift source -------------------------------------------------------------------------------------------------


def swift_literal(text):
    """`text` as the inside of a Swift string literal: `\\` and `"` escaped, control, invisible and no-break
    space characters as `\\u{…}`, everything else as it is."""
    out = []
    for char in text:
        code = ord(char)
        if char == "\\":
            out.append("\\\\")
        elif char == '"':
            out.append('\\"')
        elif code < 0x20 or code == 0x7F or (0x80 <= code and not char.isprintable()) or code in (0xA0, 0x202F):
            out.append("\\u{%X}" % code)
        else:
            out.append(char)
    return "".join(out)


def swift_string(text):
    """`text` as a Swift string literal, quotes included."""
    return '"%s"' % swift_literal(text)


def generated_by(script, origin=None):
    """How generated files name their maker: `scripts/generate/<script> from <origin>`, where the origin is
    "ICU 77.1 (CLDR 47)" unless given."""
    return "scripts/generate/%s from %s" % (script, origin or "ICU %s (CLDR %s)" % (ICU_VERSION, CLDR_RELEASE))


def swift_header(script, sources, origin=None):
    """The first lines of a generated Swift file: who generated it from what (`generated_by`), the `sources`
    lines as comments, `// swift-format-ignore-file` (so a regeneration stays byte for byte what the generator
    wrote) and an empty line."""
    return (["// Generated by %s; do not edit by hand." % generated_by(script, origin)]
            + ["// " + line for line in sources] + ["// swift-format-ignore-file", ""])


def record_text(values):
    """A record of the packed format: `key US value RS` for each of `values`, sorted by key."""
    return "".join(key + US + value + RS for key, value in sorted(values.items()))


class PackedRecords:
    """Records packed as `PackedRecords` (Sources/LocaleData) reads them in place: an index of fixed-width
    entries sorted by key -- the key padded with spaces to `key_width` bytes (KEY_WIDTH or ZONE_KEY_WIDTH), then
    the record's offset and length in UTF-8 bytes (OFFSET_DIGITS and LENGTH_DIGITS digits) -- and the records'
    text, in index order.

    `records` maps each key to its record: its text, or a dict of values (written with `record_text`). With
    `share`, records of the same text are stored once, every entry pointing at the first. A key wider than
    `key_width` stops `script` with a message.
    """

    def __init__(self, records, key_width, script, share=False):
        self.key_width = key_width
        self.entry_width = key_width + OFFSET_DIGITS + LENGTH_DIGITS
        numbers = "%%0%dd%%0%dd" % (OFFSET_DIGITS, LENGTH_DIGITS)
        self.count = len(records)
        entries, texts, offsets, size = [], [], {}, 0
        for key in sorted(records):
            value = records[key]
            text = value if isinstance(value, str) else record_text(value)
            length = len(text.encode("utf-8"))
            width = len(key.encode("utf-8"))
            if width > key_width:
                raise SystemExit("%s: key too long for the index: %s" % (script, key))
            if share and text in offsets:
                offset = offsets[text]
            else:
                offset = size
                offsets.setdefault(text, offset)
                texts.append(text)
                size += length
            entries.append(key + " " * (key_width - width) + numbers % (offset, length))
        self.index = "".join(entries)
        self.text = "".join(texts)
        self.size = size
        self.distinct = len(texts)

    def swift_lines(self, keys="`locale/section`", doc=None, records_doc="The records, in index order."):
        """The Swift members `index` and `records` (compiled with the `AllLocaleData` trait), each after its
        `///` comment: `doc`'s lines, else "N entries of W bytes: <keys> padded to …", and `records_doc`."""
        if doc is None:
            doc = ["%d entries of %d bytes: %s padded to %d, the record's offset (%d) and length (%d)."
                   % (self.count, self.entry_width, keys, self.key_width, OFFSET_DIGITS, LENGTH_DIGITS)]
        return ["    /// " + line for line in doc] + [
            "    #if AllLocaleData",
            "    static let index: StaticString = %s" % swift_string(self.index),
            "",
            "    /// " + records_doc,
            "    static let records: StaticString = %s" % swift_string(self.text),
            "    #endif",
        ]

    def swift_file(self, script, sources, extension, before=(), after=(), **members):
        """A whole generated Swift file: the header (`swift_header` of `script` and `sources`), then
        `extension <extension> {` holding the lines `before`, the index and records (`swift_lines`, with
        `members` as its arguments) and the lines `after`."""
        return "\n".join(swift_header(script, sources) + ["extension %s {" % extension] + list(before)
                         + self.swift_lines(**members) + list(after) + ["}", ""])


# --- ICU ----------------------------------------------------------------------------------------------------------


def require_icu(script):
    """Stop `script` unless PyICU is installed with ICU 77.1, the ICU (CLDR 47) every ICU datum is made from."""
    found = icu.ICU_VERSION if icu is not None else "none"
    if found != ICU_VERSION:
        sys.exit("%s needs ICU %s (CLDR %s), found ICU %s: %s" % (script, ICU_VERSION, CLDR_RELEASE, found, PYICU))


def wheel_library(name):
    """The path of one of the ICU 77.1 C libraries PyICU itself loads (`libicuuc`, `libicui18n`, `libicudata`):
    the PyICU wheel's `pyicu_wheels.libs`, beside PyICU's package. Stops unless there is exactly one."""
    libraries = os.path.join(os.path.dirname(icu.__file__), "..", "pyicu_wheels.libs")
    found = glob.glob(os.path.join(libraries, "%s-*.so.%s" % (name, ICU_VERSION)))
    if len(found) != 1:
        sys.exit("%s: no single %s in %s (%s)" % (script_name(), name, libraries, PYICU))
    return found[0]


class CLibrary:
    """One of the wheel's ICU C libraries (`libicuuc`, `libicui18n`) through ctypes, for what PyICU has no
    call for. UChar strings are UTF-16."""

    def __init__(self, name):
        self.library = ctypes.CDLL(wheel_library(name))
        self.suffix = "_" + ICU_VERSION.split(".")[0]

    def function(self, name, result, *arguments):
        """The C function `name` (as ICU renames it: `ures_open_77`) with its result and argument types."""
        function = getattr(self.library, name + self.suffix)
        function.restype = result
        function.argtypes = list(arguments)
        return function


class Resources:
    """ICU's resource files that belong to no locale (supplementalData, langInfo, metaZones, timezoneTypes,
    zoneinfo64), which PyICU cannot open: `ures_openDirect` of the wheel's libicuuc, read into Python values."""

    def __init__(self):
        library = CLibrary("libicuuc")
        pointer, int32, status = ctypes.c_void_p, ctypes.c_int32, ctypes.POINTER(ctypes.c_int)
        self.open_direct = library.function("ures_openDirect", pointer, ctypes.c_char_p, ctypes.c_char_p, status)
        self.by_key = library.function("ures_getByKey", pointer, pointer, ctypes.c_char_p, pointer, status)
        self.size = library.function("ures_getSize", int32, pointer)
        self.by_index = library.function("ures_getByIndex", pointer, pointer, int32, pointer, status)
        self.key = library.function("ures_getKey", ctypes.c_char_p, pointer)
        self.type = library.function("ures_getType", int32, pointer)
        self.string = library.function("ures_getString", ctypes.POINTER(ctypes.c_uint16), pointer,
                                       ctypes.POINTER(int32), status)
        self.integer = library.function("ures_getInt", int32, pointer, status)
        self.int_vector = library.function("ures_getIntVector", ctypes.POINTER(int32), pointer,
                                           ctypes.POINTER(int32), status)
        self.close = library.function("ures_close", None, pointer)

    def read(self, name, *path, package=None, missing=False):
        """The resource file `name`, or the resource at `path` (its keys, one per level) in it, as Python values
        (see `value`). Stops when ICU cannot open it, or with `missing` gives None. `package` opens a file of
        another tree ("ICUDATA-unit": a locale's own unit data, with no fallback to its parents)."""
        error = ctypes.c_int(0)
        opened = [self.open_direct(package and package.encode(), name.encode(), ctypes.byref(error))]
        for key in path:
            opened.append(self.by_key(opened[-1], key.encode(), None, ctypes.byref(error)))
        if error.value > 0 or not opened[-1]:
            for resource in reversed(opened):
                self.close(resource)
            if missing:
                return None
            sys.exit("%s: ICU cannot read %s (error %d)" % (script_name(), "/".join((name,) + path), error.value))
        value = self.value(opened[-1])
        for resource in reversed(opened):
            self.close(resource)
        return value

    def value(self, resource):
        """A resource as a Python value: a string (or an alias's path), an int, a list of ints (an int vector),
        a dict (a table, in ICU's order) or a list (an array); binary data as None."""
        kind = self.type(resource)
        error = ctypes.c_int(0)
        if kind in (0, 3):  # string, alias
            length = ctypes.c_int32(0)
            units = self.string(resource, ctypes.byref(length), ctypes.byref(error))
            return ctypes.string_at(units, 2 * length.value).decode("utf-16-le")
        if kind == 7:  # int
            return self.integer(resource, ctypes.byref(error))
        if kind == 14:  # int vector
            length = ctypes.c_int32(0)
            values = self.int_vector(resource, ctypes.byref(length), ctypes.byref(error))
            return [values[i] for i in range(length.value)]
        if kind == 1:  # binary (zoneinfo64's transition tables, langInfo's tries): not read
            return None
        if kind in (2, 4, 5, 8, 9):  # tables and arrays
            items = []
            for index in range(self.size(resource)):
                child = self.by_index(resource, index, None, ctypes.byref(error))
                items.append(((self.key(child) or b"").decode(), self.value(child)))
                self.close(child)
            return dict(items) if kind in (2, 4, 5) else [value for _, value in items]
        raise SystemExit("%s: unexpected ICU resource type %d" % (script_name(), kind))


class Bundle:
    """One locale's view of an ICU resource tree (`package`: "" for the main one, "ICUDATA-unit", …), leaves
    resolved with ICU's fallback."""

    def __init__(self, package, icu_id):
        self.bundle = icu.ResourceBundle(package, icu.Locale(icu_id))

    def get(self, path):
        """The resource at `path` (`a/b/c`), from this locale or the nearest of its parents, or None."""
        try:
            return self.bundle.getWithFallback(path)
        except icu.ICUError:
            return None

    def string(self, path):
        """The string at `path`, or None where there is none (or something else)."""
        resource = self.get(path)
        if resource is None or resource.getType() != 0:
            return None
        return resource.getString()

    def strings(self, path):
        """The array of strings at `path`, or None. A pattern may come as [pattern, override], and is read as the
        pattern; a currency's entry may end with an array of its own format, which is left out."""
        resource = self.get(path)
        if resource is None:
            return None
        items = [resource.get(i) for i in range(resource.getSize())]
        if path.startswith("Currencies"):
            return [item.getString() for item in items if item.getType() == 0]
        return [item.getString() if item.getType() == 0 else item.get(0).getString() for item in items]

    def keys(self, table):
        """The keys of this locale's own `table` (none inherited), or [] where it has none."""
        try:
            resource = self.bundle.get(table)
        except icu.ICUError:
            return []
        return [resource.get(i).getKey() for i in range(resource.getSize())]


def tag(icu_id):
    """ICU's `zh_Hant_HK` as the normalised tag WidgetI18n looks up: `zh-hant-hk`."""
    return "root" if icu_id == "root" else icu_id.replace("_", "-").lower()


def locales():
    """Every locale ICU has data for, with the parent ICU inherits from (`es_MX` → `es_419`), and the aliases
    ICU resolves to a locale (`zh_TW` → `zh_Hant_TW`): (parents, aliases), ICU locale IDs."""
    available = sorted(icu.Locale.getAvailableLocales().keys())

    def explicit_parent(icu_id):
        try:
            return icu.ResourceBundle("", icu.Locale(icu_id)).get("%%Parent").getString()
        except icu.ICUError:
            return None

    parents = {}
    for icu_id in available:
        truncated = icu_id.rsplit("_", 1)[0] if "_" in icu_id else "root"
        explicit = explicit_parent(icu_id)
        # `get` finds an ancestor's %%Parent too (zh_Hant_HK would get zh_Hant's "root"): only a locale's own counts.
        if explicit is not None and truncated != "root" and explicit_parent(truncated) == explicit:
            explicit = None
        parents[icu_id] = explicit or truncated
    for icu_id, parent in list(parents.items()):
        while parent != "root" and parent not in parents:
            parent = parent.rsplit("_", 1)[0] if "_" in parent else "root"
        parents[icu_id] = parent
    # `zh_TW` is ICU's alias of `zh_Hant_TW`: a language-region tag whose likely script is the one of a locale.
    aliases = {}
    for icu_id in available:
        parts = icu_id.split("_")
        if len(parts) == 3 and len(parts[1]) == 4:
            short = parts[0] + "_" + parts[2]
            if short not in parents and icu.Locale(short).addLikelySubtags().getScript() == parts[1]:
                aliases[short] = icu_id
    return parents, aliases


def chain(parents, icu_id):
    """`icu_id` and its parents up to root, as `locales()` gives them: [`es_MX`, `es_419`, `es`, `root`]."""
    result = [icu_id]
    while result[-1] != "root":
        result.append(parents[result[-1]])
    return result


def locale_order(parents):
    """Root and every locale of `parents`, each after its parent: by depth, then by ID."""
    return sorted(["root"] + list(parents), key=lambda icu_id: (len(chain(parents, icu_id)), icu_id))


def encode(value):
    """A value as the packed records hold it: None as ABSENT, a list as its items joined by LS."""
    if value is None:
        return ABSENT
    if isinstance(value, list):
        return LS.join(value)
    return value


def by_parents(parents, read):
    """What each locale keeps of its values, so that a lookup walking its parents as ICU does finds them all.

    `read(icu_id)` gives a locale's values, {section: {key: encoded value}}, resolved with ICU's inheritance.
    Resolved values are exact, so a locale keeps the ones that differ from its parent's resolved values, and
    root every value but ABSENT. Yields (icu_id, {section: kept values}) for root and every locale of
    `parents`, each after its parent.
    """
    resolved = {}
    for icu_id in locale_order(parents):
        sections = resolved[icu_id] = read(icu_id)
        kept = {}
        for section, values in sections.items():
            if icu_id == "root":
                kept[section] = {key: value for key, value in values.items() if value != ABSENT}
            else:
                inherited = resolved[parents[icu_id]][section]
                kept[section] = {key: value for key, value in values.items() if inherited.get(key, ABSENT) != value}
        yield icu_id, kept


def pattern_generator_table(generator):
    """The table an ICU DateTimePatternGenerator matches skeletons against, in its iteration order: hourCycle,
    skeletons, patterns, appendItems and appendNames."""
    values = {}
    hour = re.sub(r"'[^']*'", "", generator.getBestPattern("j"))
    values["hourCycle"] = next((c for c in hour if c in "hHkK"), "H")
    # ICU iterates its table grouped by the first letter of each base skeleton (A–Z, then a–z), each group in
    # insertion order; the one-letter canonical items (`E` → `ccc`), which `getSkeletons` leaves out, come
    # first in their group because ICU adds them first.
    groups = {}
    # (`getBaseSkeletons` lists each base once, so it cannot be zipped with `getSkeletons`: two skeletons with one
    # base, `yyyyMMMM` and `GyMMMM`, would shift every later pairing and drop the last skeleton.)
    for skeleton in generator.getSkeletons():
        groups.setdefault(generator.getBaseSkeleton(skeleton)[0], []).append(skeleton)
    for item in "GyQMwWEDFdaHmsSv":
        if generator.getPatternForSkeleton(item):
            groups.setdefault(item, []).insert(0, item)
    skeletons = [skeleton for letter in sorted(groups, key=lambda c: (c.islower(), c)) for skeleton in groups[letter]]
    values["skeletons"] = skeletons
    # A 12-hour skeleton is stored with its implied `a`, which `getPatternForSkeleton` does not find; the
    # exact match of `getBestPattern` is the stored pattern itself.
    values["patterns"] = [generator.getPatternForSkeleton(skeleton) or generator.getBestPattern(skeleton)
                          for skeleton in skeletons]
    values["appendItems"] = [generator.getAppendItemFormat(field) for field in range(16)]
    values["appendNames"] = [generator.getAppendItemName(field) for field in range(16)]
    return values
