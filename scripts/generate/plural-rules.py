#!/usr/bin/env python3
"""Generate WidgetI18n's CLDR plural rules from CLDR's supplemental data.

Reads plurals.xml (cardinal) and ordinals.xml (ordinal) -- by default the copies in scripts/generate/CLDR/, taken
from Debian's unicode-cldr-core package (/usr/share/unicode/cldr/common/supplemental/) -- and writes:

  Sources/I18nCore/Plural/PluralRules+Generated.swift   one Swift function per distinct rule set, and
                                                          the locale -> rule tables
  Tests/I18nCoreTests/Data/cldr-plural-samples.json     every sample number CLDR publishes with each rule
                                                          (@integer / @decimal), expanded, per locale

Number formats (digits, symbols, grouping) come from scripts/generate/number-formats.swift instead.

Usage: python3 scripts/generate/plural-rules.py [--cldr DIR] [--version 41]
Stdlib only.
"""
import argparse
import json
import os
import re
import xml.etree.ElementTree as ET

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CATEGORIES = ["zero", "one", "two", "few", "many", "other"]


def tokenize(condition):
    return re.findall(r"\.\.|!=|[=%,]|[a-z]+|\d+", condition)


class ConditionParser:
    """condition = and ('or' and)*; and = relation ('and' relation)*; relation = expr ('='|'!=') ranges."""

    def __init__(self, text):
        self.tokens = tokenize(text)
        self.index = 0

    def peek(self):
        return self.tokens[self.index] if self.index < len(self.tokens) else None

    def take(self, expected=None):
        token = self.peek()
        if expected is not None and token != expected:
            raise ValueError("expected %r, got %r in %r" % (expected, token, self.tokens))
        self.index += 1
        return token

    def parse(self):
        result = self.or_condition()
        if self.peek() is not None:
            raise ValueError("trailing tokens %r" % self.tokens[self.index:])
        return result

    def or_condition(self):
        parts = [self.and_condition()]
        while self.peek() == "or":
            self.take()
            parts.append(self.and_condition())
        return " || ".join("(%s)" % p for p in parts) if len(parts) > 1 else parts[0]

    def and_condition(self):
        parts = [self.relation()]
        while self.peek() == "and":
            self.take()
            parts.append(self.relation())
        return " && ".join(parts)

    def relation(self):
        operand = self.take()
        if operand not in "nivwftce":
            raise ValueError("unknown operand %r" % operand)
        modulus = None
        if self.peek() == "%":
            self.take()
            modulus = int(self.take())
        operator = self.take()
        if operator not in ("=", "!="):
            raise ValueError("unsupported operator %r" % operator)
        ranges = []
        while True:
            low = int(self.take())
            high = low
            if self.peek() == "..":
                self.take()
                high = int(self.take())
            ranges.append((low, high))
            if self.peek() != ",":
                break
            self.take()
        if operand == "n":
            value = "o.n" if modulus is None else "o.n.truncatingRemainder(dividingBy: %d)" % modulus
            # n can have a fraction: a range matches whole values only (n = 2..4 holds for 3 but not 3.5).
            tests = ["%s == %d" % (value, low) if low == high else "PluralOperands.isWhole(%s, in: %d...%d)" % (value, low, high)
                     for low, high in ranges]
        else:
            name = "e" if operand == "c" else operand
            value = "o.%s" % name if modulus is None else "o.%s %% %d" % (name, modulus)
            tests = ["%s == %d" % (value, low) if low == high else "(%d...%d).contains(%s)" % (low, high, value)
                     for low, high in ranges]
        test = " || ".join(tests)
        if len(tests) > 1:
            test = "(%s)" % test
        return "!%s" % (test if len(tests) > 1 else "(%s)" % test) if operator == "!=" else test


def expand_samples(text):
    """'@integer 0, 2~16, 100, … @decimal 0.0~1.5, 1c6' -> ['0', '2', ..., '0.0', '0.1', ..., '1c6']"""
    result = []
    for kind in ("integer", "decimal"):
        match = re.search(r"@%s([^@]*)" % kind, text)
        if not match:
            continue
        for item in match.group(1).split(","):
            item = item.strip()
            if not item or item in ("…", "..."):
                continue
            if "~" in item:
                start, end = item.split("~")
                digits = len(start.split(".")[1]) if "." in start else 0
                step = 10 ** digits
                low, high = round(float(start) * step), round(float(end) * step)
                for value in range(low, high + 1):
                    result.append(("%d" % value) if digits == 0 else ("%.*f" % (digits, value / step)))
            else:
                result.append(item)
    return result


def read_rules(path):
    tree = ET.parse(path)
    groups = []
    for rules in tree.getroot().iter("pluralRules"):
        locales = rules.get("locales").split()
        entries = []
        for rule in rules.iter("pluralRule"):
            category = rule.get("count")
            text = (rule.text or "").strip()
            condition = text.split("@")[0].strip()
            entries.append((category, condition, expand_samples(text)))
        groups.append((locales, entries))
    return groups


def normalize(locale):
    return locale.replace("_", "-").lower()


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cldr", default=os.path.join(ROOT, "scripts/generate/CLDR"))
    parser.add_argument("--version", default="41")
    args = parser.parse_args()

    functions = {}   # body -> function name
    tables = {"cardinal": {}, "ordinal": {}}
    samples = {"cldrVersion": args.version, "cardinal": {}, "ordinal": {}}
    for kind, file in (("cardinal", "plurals.xml"), ("ordinal", "ordinals.xml")):
        for locales, entries in read_rules(os.path.join(args.cldr, file)):
            lines = []
            for category, condition, _ in entries:
                if category == "other":
                    continue
                lines.append("        if %s { return .%s }" % (ConditionParser(condition).parse(), category))
            lines.append("        return .other")
            body = "\n".join(lines)
            if body not in functions:
                functions[body] = "%s%d" % (kind, len([n for n in functions.values() if n.startswith(kind)]))
            for locale in locales:
                tables[kind][normalize(locale)] = functions[body]
                samples[kind][normalize(locale)] = {category: values for category, _, values in entries}

    out = []
    out.append("// Generated by scripts/generate/plural-rules.py from CLDR %s; do not edit by hand." % args.version)
    out.append("// Source: common/supplemental/plurals.xml and ordinals.xml (Unicode CLDR, Unicode License).")
    out.append("// swift-format-ignore-file")
    out.append("")
    out.append("extension PluralRules {")
    out.append("    /// The CLDR release the rules come from.")
    out.append("    public static let cldrVersion = \"%s\"" % args.version)
    out.append("")
    for kind in ("cardinal", "ordinal"):
        out.append("    static let %sRules: [String: @Sendable (PluralOperands) -> PluralCategory] = [" % kind)
        for locale in sorted(tables[kind]):
            out.append("        \"%s\": %s," % (locale, tables[kind][locale]))
        out.append("    ]")
        out.append("")
    for body, name in sorted(functions.items(), key=lambda item: (item[1][0], int(re.sub(r"\D", "", item[1])))):
        out.append("    private static func %s(_ o: PluralOperands) -> PluralCategory {" % name)
        out.append(body)
        out.append("    }")
        out.append("")
    out[-1:] = ["}"]
    swift_path = os.path.join(ROOT, "Sources/I18nCore/Plural/PluralRules+Generated.swift")
    with open(swift_path, "w", encoding="utf-8") as f:
        f.write("\n".join(out) + "\n")
    samples_path = os.path.join(ROOT, "Tests/I18nCoreTests/Data/cldr-plural-samples.json")
    with open(samples_path, "w", encoding="utf-8") as f:
        json.dump(samples, f, ensure_ascii=False, indent=1, sort_keys=True)
        f.write("\n")
    print("wrote %s (%d functions) and %s" % (swift_path, len(functions), samples_path))


if __name__ == "__main__":
    main()
