#!/usr/bin/env python3
"""Write a benchmark fixture for WidgetI18n: a group store as a widget finds it, plus the keys it renders.

The store is in the on-disk format docs/architecture.md documents ("The group store on disk"): one file
per storage key, named by `urllib.parse.quote(key, safe="")`, holding the raw UTF-8 value with no
trailing newline.  `FileGroupStore`, `widget-i18n`, `widget-i18n-bench` and `widget-i18n-render` open it
as-is (`--store-dir OUT/store` or `WIDGET_I18N_GROUP_DIR=OUT/store`).

Written under --out (default /tmp/widget-i18n-fixture):

  store/
    @better-i18n:locale:<project>             the stored locale (--pref-locale), a plain string;
                                              not written when --pref-locale is ''
    @better-i18n:messages:<project>:<locale>  one per locale: the nested messages as compact JSON, about
                                              --size-kb KB each; mostly depth 3-4 keys, some ICU plurals
                                              and {placeholders}; about --untranslated of the generated keys
                                              are absent from every locale but --default-locale
    @better-i18n:manifest:<project>           a CDN manifest (unless --no-manifest)
  keys.txt       the keys a widget renders: `#` comment lines, then one key per line, optionally followed
                 by TAB-separated name=value arguments.  11 keys: 8 translated in every locale, 2 only in
                 the default locale, 1 in none -- rendered in the stored locale, 10 resolve (2 of them
                 through the default locale) and 1 is reported missing.
  fixture.json   what was generated: parameters, per-locale bytes / leaf keys / depth, the widget keys
                 and the store's file names.

When --keys is too many for --size-kb (every key costs its path in the JSON), fewer keys are generated so
that each locale still lands within about 2% of --size-kb; fixture.json records how many.

An existing --out is replaced only if it holds a fixture.json (or is empty), or with --force.
Deterministic for a given --seed.  Python 3 standard library only.

  python3 Benchmarks/make-fixture.py --out /tmp/fx --size-kb 30
"""
import argparse
import dataclasses
import json
import os
import random
import shutil
import sys
import urllib.parse

# ----------------------------------------------------------------------------------------------------------
# Languages: words the filler text is made of, how a sentence is put together, and plural messages.
# ----------------------------------------------------------------------------------------------------------


def one_other(pairs):
    """Plural tables for languages with CLDR categories one/other, from (singular, plural) noun pairs."""
    return [{"one": "# " + one, "other": "# " + other} for one, other in pairs]


@dataclasses.dataclass(frozen=True)
class Language:
    code: str
    name: str
    native_name: str
    words: tuple
    separator: str = " "
    endings: tuple = ("", "", ".", ".", "!")
    capitalize: bool = True
    comma: str = ""            # inserted before some words (Japanese 、)
    plurals: tuple = ()        # each a {category: text} table; '#' is the number

    def upper_first(self, text):
        if not self.capitalize or not text:
            return text
        head = text[0]
        if self.code == "tr" and head == "i":
            head = "İ"
        return head.upper() + text[1:]


LANGUAGES = {language.code: language for language in [
    Language(
        "en", "English", "English",
        tuple("""steps goal walk water sleep focus timer break habit streak journal note list item board
        card column due overdue assigned priority high low label tag color icon small large home lock
        screen tap hold swipe add remove move rename duplicate pin hide show collapse expand battery
        charging offline online connected device phone watch tablet morning evening night week month
        year trip flight hotel booking gate boarding budget spent saved balance transfer receipt photo
        album memory playlist song episode podcast recipe ingredient workout run ride minutes progress
        ready synced backup restore quickly gently almost still already here there with without before
        after every each your this that all""".split()),
        plurals=tuple(one_other([("step", "steps"), ("note", "notes"), ("card", "cards"), ("photo", "photos"),
                                 ("song", "songs"), ("night", "nights"), ("flight", "flights"),
                                 ("habit", "habits")]))),
    Language(
        "tr", "Turkish", "Türkçe",
        tuple("""adım hedef yürüyüş su uyku odak zamanlayıcı mola alışkanlık seri günlük not liste öğe
        pano kart sütun vade gecikmiş atanan öncelik yüksek düşük etiket renk simge küçük büyük ana ekran
        kilit dokun basılı kaydır ekle kaldır taşı yeniden adlandır çoğalt sabitle gizle göster daralt
        genişlet pil şarj çevrimdışı çevrimiçi bağlı cihaz telefon saat tablet sabah akşam gece hafta ay
        yıl gezi uçuş otel rezervasyon kapı biniş bütçe harcanan birikim bakiye aktarım fiş fotoğraf
        albüm anı çalma şarkı bölüm tarif malzeme antrenman koşu sürüş dakika ilerleme hazır eşitlendi
        yedek geri yükle hızlıca nazikçe neredeyse hâlâ zaten burada orada ile olmadan önce sonra her
        bu şu tüm""".split()),
        plurals=tuple(one_other([("adım", "adım"), ("not", "not"), ("kart", "kart"), ("fotoğraf", "fotoğraf"),
                                 ("şarkı", "şarkı"), ("gece", "gece"), ("uçuş", "uçuş"),
                                 ("alışkanlık", "alışkanlık")]))),
    Language(
        "de", "German", "Deutsch",
        tuple("""Schritte Ziel Spaziergang Wasser Schlaf Fokus Timer Pause Gewohnheit Serie Tagebuch
        Notiz Liste Eintrag Tafel Karte Spalte fällig überfällig zugewiesen Priorität hoch niedrig
        Etikett Farbe Symbol klein groß Startbildschirm Sperrbildschirm tippen halten wischen hinzufügen
        entfernen verschieben umbenennen duplizieren anheften ausblenden einblenden zuklappen aufklappen
        Akku laden offline online verbunden Gerät Telefon Uhr Tablet Morgen Abend Nacht Woche Monat Jahr
        Reise Flug Hotel Buchung Gate Einsteigen Budget ausgegeben gespart Kontostand Überweisung Beleg
        Foto Album Erinnerung Wiedergabeliste Lied Folge Rezept Zutat Training Lauf Fahrt Minuten
        Fortschritt bereit synchronisiert Sicherung wiederherstellen schnell sanft fast noch bereits
        hier dort mit ohne vor nach jede dein alle Straße""".split()),
        plurals=tuple(one_other([("Schritt", "Schritte"), ("Notiz", "Notizen"), ("Karte", "Karten"),
                                 ("Foto", "Fotos"), ("Lied", "Lieder"), ("Nacht", "Nächte"), ("Flug", "Flüge"),
                                 ("Gewohnheit", "Gewohnheiten")]))),
    Language(
        "ar", "Arabic", "العربية",
        tuple("""خطوات هدف مشي ماء نوم تركيز مؤقت استراحة عادة سلسلة يوميات ملاحظة قائمة عنصر لوحة
        بطاقة عمود مستحق متأخر مُسند أولوية عالية منخفضة وسم لون أيقونة صغير كبير الشاشة الرئيسية
        القفل اضغط استمر اسحب أضف أزل انقل كرر ثبّت أخفِ أظهر طي توسيع البطارية الشحن غير متصل الجهاز
        الهاتف الساعة اللوحي الصباح المساء الليل الأسبوع الشهر السنة رحلة طيران فندق حجز البوابة الصعود
        الميزانية المصروف المدخر الرصيد تحويل إيصال صورة ألبوم ذكرى أغنية حلقة وصفة مكون تمرين جري ركوب
        دقائق التقدم جاهز المزامنة نسخة احتياطية استعادة بسرعة بلطف تقريبًا بالفعل هنا هناك مع بدون
        قبل بعد كل هذا جميع""".split()),
        endings=("", "", ".", "؟", "!"), capitalize=False,
        plurals=(
            {"zero": "لا ملاحظات", "one": "ملاحظة واحدة", "two": "ملاحظتان", "few": "# ملاحظات",
             "many": "# ملاحظة", "other": "# ملاحظة"},
            {"zero": "لا صور", "one": "صورة واحدة", "two": "صورتان", "few": "# صور", "many": "# صورة",
             "other": "# صورة"},
            {"zero": "لا أغانٍ", "one": "أغنية واحدة", "two": "أغنيتان", "few": "# أغانٍ", "many": "# أغنية",
             "other": "# أغنية"},
            {"zero": "لا ليالٍ", "one": "ليلة واحدة", "two": "ليلتان", "few": "# ليالٍ", "many": "# ليلة",
             "other": "# ليلة"},
            {"zero": "لا خطوات", "one": "خطوة واحدة", "two": "خطوتان", "few": "# خطوات", "many": "# خطوة",
             "other": "# خطوة"},
            {"zero": "لا بطاقات", "one": "بطاقة واحدة", "two": "بطاقتان", "few": "# بطاقات",
             "many": "# بطاقة", "other": "# بطاقة"},
            {"zero": "لا رحلات", "one": "رحلة واحدة", "two": "رحلتان", "few": "# رحلات", "many": "# رحلة",
             "other": "# رحلة"},
            {"zero": "لا عادات", "one": "عادة واحدة", "two": "عادتان", "few": "# عادات", "many": "# عادة",
             "other": "# عادة"},
        )),
    Language(
        "pt-br", "Portuguese (Brazil)", "Português (Brasil)",
        tuple("""passos meta caminhada água sono foco cronômetro pausa hábito sequência diário nota lista
        item quadro cartão coluna vencimento atrasado atribuído prioridade alta baixa etiqueta cor ícone
        pequeno grande tela inicial bloqueio toque segure deslize adicionar remover mover renomear
        duplicar fixar ocultar mostrar recolher expandir bateria carregando offline online conectado
        dispositivo celular relógio tablet manhã tarde noite semana mês ano viagem voo hotel reserva
        portão embarque orçamento gasto economizado saldo transferência recibo foto álbum lembrança
        playlist música episódio receita ingrediente treino corrida pedalada minutos progresso pronto
        sincronizado backup restaurar rapidamente calma quase ainda já aqui ali com sem antes depois
        cada seu este todos ação não você""".split()),
        plurals=tuple(one_other([("passo", "passos"), ("nota", "notas"), ("cartão", "cartões"), ("foto", "fotos"),
                                 ("música", "músicas"), ("noite", "noites"), ("voo", "voos"),
                                 ("hábito", "hábitos")]))),
    Language(
        "ja", "Japanese", "日本語",
        tuple("""歩数 目標 散歩 水分 睡眠 集中 タイマー 休憩 習慣 連続記録 日記 メモ リスト 項目 ボード
        カード 列 期限 期限切れ 担当 優先度 高 低 ラベル 色 アイコン 小 大 ホーム画面 ロック画面 タップ
        長押し スワイプ 追加 削除 移動 名前を変更 複製 固定 非表示 表示 折りたたむ 展開 バッテリー
        充電中 オフライン オンライン 接続済み デバイス スマートフォン 時計 タブレット 朝 夕方 夜 週 月
        年 旅行 フライト ホテル 予約 搭乗口 搭乗 予算 支出 貯金 残高 送金 レシート 写真 アルバム 思い出
        プレイリスト 曲 エピソード レシピ 材料 ワークアウト ランニング サイクリング 分 進捗 準備完了
        同期済み バックアップ 復元 すぐに そっと ほぼ まだ すでに ここ そこ と なし 前 後 毎 この すべて
        を の に は が で""".split()),
        separator="", endings=("", "。", "。", "！"), capitalize=False, comma="、",
        plurals=tuple({"other": text} for text in
                      ["#歩", "#件のメモ", "#枚のカード", "#枚の写真", "#曲", "#泊", "#便", "#個の習慣"])),
]}

PLACEHOLDER_NAMES = ("name", "place", "day", "time", "device", "total")

# ----------------------------------------------------------------------------------------------------------
# The widget's keys.  Their names, arguments and kinds are part of the fixture format, not of this code.
# ----------------------------------------------------------------------------------------------------------

EVERYWHERE, DEFAULT_ONLY, NOWHERE = "every locale", "default locale only", "no locale"


@dataclasses.dataclass(frozen=True)
class WidgetKey:
    key: str
    where: str
    texts: dict                # locale -> text; for DEFAULT_ONLY the text of whatever locale is the default
    arguments: tuple = ()      # (name, value) pairs written to keys.txt


WIDGET_KEYS = [
    WidgetKey("widget.today.title", EVERYWHERE, {
        "en": "Today", "tr": "Bugün", "de": "Heute", "ar": "اليوم", "pt-br": "Hoje", "ja": "今日"}),
    WidgetKey("widget.today.greeting", EVERYWHERE, {
        "en": "Hi {name}, here is your day", "tr": "Merhaba {name}, işte günün", "de": "Hallo {name}, hier ist dein Tag",
        "ar": "مرحبًا {name}، إليك يومك", "pt-br": "Olá {name}, aqui está o seu dia", "ja": "{name}さん、今日の予定です"},
        (("name", "Ayşe"),)),
    WidgetKey("widget.events.count", EVERYWHERE, {
        "en": "{count, plural, one {# event} other {# events}} left today",
        "tr": "Bugün {count, plural, one {# etkinlik} other {# etkinlik}} kaldı",
        "de": "Heute noch {count, plural, one {# Termin} other {# Termine}}",
        "ar": "{count, plural, zero {لا أحداث متبقية} one {حدث واحد متبقٍ} two {حدثان متبقيان} few {# أحداث متبقية}"
              " many {# حدثًا متبقيًا} other {# حدث متبقٍ}} اليوم",
        "pt-br": "{count, plural, one {Falta # evento} other {Faltam # eventos}} hoje",
        "ja": "今日の残り {count, plural, other {#件}}"},
        (("count", "3"),)),
    WidgetKey("widget.events.next_up", EVERYWHERE, {
        "en": "Coming up", "tr": "Sırada", "de": "Gleich danach", "ar": "القادم", "pt-br": "Em seguida",
        "ja": "次はこちら"}),
    WidgetKey("widget.events.empty.title", EVERYWHERE, {
        "en": "Nothing planned today", "tr": "Bugün plan yok", "de": "Heute nichts geplant",
        "ar": "لا شيء مخطط له اليوم", "pt-br": "Nada planejado para hoje", "ja": "今日の予定はなし"}),
    WidgetKey("common.actions.open_app", EVERYWHERE, {
        "en": "Open the app", "tr": "Uygulamayı aç", "de": "App öffnen", "ar": "فتح التطبيق",
        "pt-br": "Abrir o app", "ja": "アプリを開く"}),
    WidgetKey("common.time.all_day", EVERYWHERE, {
        "en": "All-day", "tr": "Tüm gün", "de": "Ganztägig", "ar": "طوال اليوم", "pt-br": "O dia todo",
        "ja": "終日"}),
    WidgetKey("widget.footer.updated_at", EVERYWHERE, {
        "en": "Last updated at {time}", "tr": "Son güncelleme: {time}", "de": "Zuletzt aktualisiert: {time}",
        "ar": "آخر تحديث: {time}", "pt-br": "Atualizado às {time}", "ja": "{time}時点の情報"},
        (("time", "09:41"),)),
    # Not translated yet: only the default locale has them.
    WidgetKey("widget.streak.badge", DEFAULT_ONLY, {"": "Keep the streak alive"}),
    WidgetKey("widget.promo.upgrade_cta", DEFAULT_ONLY, {"": "Get Pro for more widget styles"}),
    # Still referenced by an old widget build, gone from every bundle.
    WidgetKey("widget.legacy.weather_title", NOWHERE, {}),
]


def widget_text(widget_key, locale, default_locale):
    if widget_key.where == EVERYWHERE:
        return widget_key.texts[locale]
    if widget_key.where == DEFAULT_ONLY and locale == default_locale:
        return widget_key.texts[""]
    return None


# ----------------------------------------------------------------------------------------------------------
# Key paths.  Group names (3rd segment of depth-4 keys) and leaf names never overlap, so generated keys
# never collide with each other as "a.b.c is a string" vs "a.b.c is an object".
# ----------------------------------------------------------------------------------------------------------

AREAS = ("home", "widget", "common", "agenda", "inbox", "habits", "focus", "journal", "travel", "wallet",
         "health", "settings", "account", "sync", "help", "store", "photos", "notes", "music", "family")
SCREENS = ("overview", "detail", "editor", "picker", "list", "grid", "sheet", "popover", "sidebar", "toolbar",
           "banner", "tile", "timeline", "calendar", "map", "chart", "history", "search", "share", "invite",
           "paywall", "welcome", "tour", "reminder", "backup", "export", "import", "devices", "sessions",
           "storage", "appearance", "sounds", "shortcuts", "complication", "lockscreen", "standby")
GROUPS = ("actions", "fields", "errors", "hints", "headings", "statuses", "prompts", "units", "menus",
          "alerts", "badges", "a11y", "filters", "steps", "empty", "formats", "legal", "tips")
LEAVES = ("title", "subtitle", "body", "caption", "label", "value", "placeholder", "button", "link",
          "accessibility", "tooltip", "message", "detail", "summary", "footnote", "warning", "success",
          "failure", "pending", "loading", "retry", "dismiss", "confirm", "cancel", "apply", "reset", "undo",
          "next", "back", "skip", "finish", "more", "less", "today_label", "tomorrow_label", "short", "long",
          "unit", "prefix", "suffix")
VARIANTS = ("_2", "_3", "_4", "_alt", "_short", "_plural", "_ios", "_android")
GLOSSARY = "glossary"            # the few depth-2 keys live here and only here
PLATFORMS = ("ios", "android", "watch", "mac")   # 4th segment of the few depth-5 keys


def plan_key_paths(rng, count, reserved):
    """`count` distinct key paths in generation order; none collides with `reserved` (the widget keys)."""
    reserved_leaves = set(reserved)
    reserved_inner = {path[:i] for path in reserved for i in range(1, len(path))}
    seen, paths = set(), []
    budget = 60 * count + 1000
    while len(paths) < count:
        budget -= 1
        if budget < 0:
            sys.exit("make-fixture: cannot plan %d distinct keys; ask for fewer with --keys" % count)
        leaf = rng.choice(LEAVES) + (rng.choice(VARIANTS) if rng.random() < 0.2 else "")
        shape = rng.random()
        if shape < 0.02:
            path = (GLOSSARY, leaf)
        elif shape < 0.42:
            path = (rng.choice(AREAS), rng.choice(SCREENS), leaf)
        elif shape < 0.97:
            path = (rng.choice(AREAS), rng.choice(SCREENS), rng.choice(GROUPS), leaf)
        else:
            path = (rng.choice(AREAS), rng.choice(SCREENS), rng.choice(GROUPS), rng.choice(PLATFORMS), leaf)
        if path in seen or path in reserved_inner or any(path[:i] in reserved_leaves for i in range(1, len(path) + 1)):
            continue
        seen.add(path)
        paths.append(path)
    return paths


# ----------------------------------------------------------------------------------------------------------
# Messages of one locale, sized to a byte target.
# ----------------------------------------------------------------------------------------------------------

def to_json(value):
    """What JSON.stringify writes: compact, UTF-8, keys in insertion order."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def utf8_len(text):
    return len(text.encode("utf-8"))


def nest(entries):
    """Nested dictionaries from (path, value) pairs, in order."""
    root = {}
    for path, value in entries:
        node = root
        for segment in path[:-1]:
            node = node.setdefault(segment, {})
        if not isinstance(node, dict) or path[-1] in node:
            raise AssertionError("key collision at " + ".".join(path))
        node[path[-1]] = value
    return root


class TextMaker:
    """Filler messages in one language.  Each value is first given a shape (plain sentence, short label,
    sentence with {placeholders}, or with an ICU plural) and a floor (the bytes that shape needs at least),
    then written to a number of UTF-8 bytes."""

    def __init__(self, language, rng):
        self.language = language
        self.rng = rng
        words = language.words
        self.bytes_per_word = sum(utf8_len(w) for w in words) / len(words) + utf8_len(language.separator)
        self.plural_texts = ["{count, plural, %s}" % " ".join("%s {%s}" % item for item in table.items())
                             for table in language.plurals]

    def shape(self):
        """(kind, detail, floor bytes) of the next value."""
        roll = self.rng.random()
        if roll < 0.07 and self.plural_texts:
            plural = self.rng.choice(self.plural_texts)
            return "plural", plural, utf8_len(plural) + 1 + self.bytes_per_word
        if roll < 0.21:
            names = tuple(self.rng.sample(PLACEHOLDER_NAMES, 2 if self.rng.random() < 0.25 else 1))
            return "placeholder", names, sum(len(n) + 2 for n in names) + self.bytes_per_word
        if roll < 0.27:
            return "label", None, self.bytes_per_word
        return "plain", None, self.bytes_per_word

    def words(self, nbytes):
        count = max(1, round(nbytes / self.bytes_per_word))
        chosen = self.rng.choices(self.language.words, k=count)
        if self.language.comma:
            for i in range(4, count - 1, 6):
                chosen[i] = self.language.comma + chosen[i]
        return chosen

    def sentence(self, nbytes, capital=True):
        language = self.language
        text = language.separator.join(self.words(nbytes))
        return (language.upper_first(text) if capital else text) + self.rng.choice(language.endings)

    def message(self, kind, detail, nbytes):
        rng, language = self.rng, self.language
        if kind == "plural":
            plural_first = rng.random() < 0.5
            rest = self.sentence(nbytes - utf8_len(detail) - 1, capital=not plural_first)
            return detail + " " + rest if plural_first else rest + " " + detail
        if kind == "placeholder":
            chosen = self.words(nbytes - sum(len(n) + 2 for n in detail))
            for name in detail:
                chosen.insert(rng.randint(0, len(chosen)), "{%s}" % name)
            return language.upper_first(language.separator.join(chosen))
        if kind == "label":
            return language.upper_first(language.separator.join(self.words(min(nbytes, 3 * self.bytes_per_word))))
        return self.sentence(nbytes)


def build_locale(language, default_locale, paths, dropped, target_bytes, seed):
    """The messages JSON of one locale and facts about it."""
    fixed = [(tuple(w.key.split(".")), widget_text(w, language.code, default_locale)) for w in WIDGET_KEYS]
    fixed = [(path, text) for path, text in fixed if text is not None]
    generated = [path for i, path in enumerate(paths) if i not in dropped]
    # Every generated value starts empty; the bytes left over are divided among them: each gets the floor
    # of its shape plus a random share of the rest.
    skeleton = utf8_len(to_json(nest(fixed + [(path, "") for path in generated])))
    rng = random.Random("%s|text|%s" % (seed, language.code))
    maker = TextMaker(language, rng)
    shapes = [maker.shape() for _ in generated]
    spare = target_bytes - skeleton - sum(floor for _, _, floor in shapes)
    for i, (kind, _, floor) in enumerate(shapes):        # too tight for every plural: fewer plurals
        if spare >= 0:
            break
        if kind == "plural":
            shapes[i] = ("plain", None, maker.bytes_per_word)
            spare += floor - maker.bytes_per_word
    weights = [rng.lognormvariate(0.0, 0.55) for _ in generated]
    scale = max(0.0, spare) / (sum(weights) or 1)
    values, wanted, written = [], 0.0, 0
    for (kind, detail, floor), weight in zip(shapes, weights):
        wanted += floor + weight * scale
        text = maker.message(kind, detail, wanted - written)   # carry what earlier values over- or undershot
        written += utf8_len(text)
        values.append(text)
    text = to_json(nest(fixed + list(zip(generated, values))))
    kinds = {kind: 0 for kind in ("plain", "label", "placeholder", "plural")}
    for kind, _, _ in shapes:
        kinds[kind] += 1
    return text, {
        "bytes": utf8_len(text),
        "leaf_keys": len(fixed) + len(generated),
        "max_depth": max(len(path) for path, _ in fixed + [(p, None) for p in generated]),
        "generated_keys": len(generated),
        "untranslated_generated_keys": len(paths) - len(generated),
        "values": kinds,
    }


def generated_key_count(paths, requested, target_bytes, default_locale):
    """How many of `paths` fit in `target_bytes` with room for text (the default locale has every key)."""
    fixed = [(tuple(w.key.split(".")), widget_text(w, default_locale, default_locale) or "x") for w in WIDGET_KEYS]
    min_text = 32                                       # bytes of text per value, at least, on average
    count = requested
    while count > 0:
        skeleton = utf8_len(to_json(nest(fixed + [(path, "") for path in paths[:count]])))
        if skeleton + count * min_text <= target_bytes * 0.98:
            return count
        count = min(count - 1, int(count * (target_bytes * 0.97 / (skeleton + count * min_text))))
    return 0


def missing_generated(paths, locale, default_locale, ratio, seed):
    """Indexes of generated keys the locale has no translation for."""
    if locale == default_locale or ratio <= 0:
        return set()
    rng = random.Random("%s|gaps|%s" % (seed, locale))
    return {i for i in range(len(paths)) if rng.random() < ratio}


# ----------------------------------------------------------------------------------------------------------
# Output.
# ----------------------------------------------------------------------------------------------------------

def store_file_name(key):
    return urllib.parse.quote(key, safe="")


def prepare_output(out, force):
    """A fresh, empty staging directory next to `out`; refuses to replace something that is not a fixture."""
    if os.path.lexists(out):
        replaceable = os.path.isdir(out) and not os.path.islink(out) and (
            os.path.exists(os.path.join(out, "fixture.json")) or not os.listdir(out))
        if not (replaceable or force):
            sys.exit("make-fixture: %s exists and is not a fixture directory (no fixture.json); "
                     "use --force to replace it" % out)
        if os.path.realpath(out) in ("/", os.path.realpath(os.path.expanduser("~"))):
            sys.exit("make-fixture: refusing to replace %s" % out)
    staging = "%s.partial-%d" % (out, os.getpid())
    shutil.rmtree(staging, ignore_errors=True)
    os.makedirs(os.path.join(staging, "store"))
    return staging


def publish(staging, out):
    if os.path.isdir(out) and not os.path.islink(out):
        shutil.rmtree(out)
    elif os.path.lexists(out):
        os.remove(out)
    os.rename(staging, out)


def manifest(project, default_locale, locales, facts):
    return {
        "projectSlug": project.split("/")[-1],
        "sourceLanguage": default_locale,
        "languages": [{"code": code, "name": LANGUAGES[code].name, "nativeName": LANGUAGES[code].native_name,
                       "isSource": code == default_locale, "keyCount": facts[code]["leaf_keys"]}
                      for code in locales],
        "files": {code: {"url": "https://cdn.example.invalid/%s/%s.json" % (project, code),
                         "size": facts[code]["bytes"]} for code in locales},
        "updatedAt": "2025-06-02T08:30:00Z",
    }


def keys_file(project, default_locale):
    lines = ["# keys a widget of %s renders: key, then TAB-separated name=value arguments" % project,
             "# %d in every locale, %d only in the default locale (%s), %d in none" % (
                 sum(w.where == EVERYWHERE for w in WIDGET_KEYS), sum(w.where == DEFAULT_ONLY for w in WIDGET_KEYS),
                 default_locale, sum(w.where == NOWHERE for w in WIDGET_KEYS))]
    for w in WIDGET_KEYS:
        lines.append("\t".join([w.key] + ["%s=%s" % pair for pair in w.arguments]))
    return "\n".join(lines) + "\n"


def normalised_locale(code):
    return code.strip().replace("_", "-").lower()


def parse_arguments(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", default="/tmp/widget-i18n-fixture", help="fixture directory (default %(default)s)")
    parser.add_argument("--project", default="acme/widgets", help="org/project (default %(default)s)")
    parser.add_argument("--locales", default="en,tr,de,ar,pt-br,ja", help="comma-separated (default %(default)s)")
    parser.add_argument("--default-locale", default="en", help="the source locale (default %(default)s)")
    parser.add_argument("--pref-locale", default="tr",
                        help="stored under @better-i18n:locale:<project>; '' writes no such key (default %(default)s)")
    parser.add_argument("--keys", type=int, default=5000,
                        help="generated keys per bundle, fewer if they do not fit --size-kb (default %(default)s)")
    parser.add_argument("--size-kb", type=float, default=500,
                        help="messages JSON per locale, in units of 1000 bytes (default %(default)s)")
    parser.add_argument("--untranslated", type=float, default=0.03,
                        help="share of generated keys missing from the non-default locales (default %(default)s)")
    parser.add_argument("--seed", default="42", help="same seed, same bytes (default %(default)s)")
    parser.add_argument("--no-manifest", action="store_true", help="do not write the manifest key")
    parser.add_argument("--force", action="store_true", help="replace --out even if it is not a fixture directory")
    args = parser.parse_args(argv)
    if args.keys < 0:
        parser.error("--keys must be >= 0")
    if args.size_kb <= 0:
        parser.error("--size-kb must be > 0")
    if not 0 <= args.untranslated <= 1:
        parser.error("--untranslated must be between 0 and 1")
    return args


def main(argv=None):
    args = parse_arguments(argv)
    locales = list(dict.fromkeys(normalised_locale(c) for c in args.locales.split(",") if c.strip()))
    unknown = [code for code in locales if code not in LANGUAGES]
    if unknown:
        sys.exit("make-fixture: no text for locale(s) %s; known: %s" % (", ".join(unknown), ", ".join(LANGUAGES)))
    default_locale = normalised_locale(args.default_locale)
    if default_locale not in locales:
        sys.exit("make-fixture: --default-locale %s is not in --locales" % args.default_locale)

    out = os.path.abspath(args.out)
    target_bytes = int(round(args.size_kb * 1000))
    reserved = [tuple(w.key.split(".")) for w in WIDGET_KEYS]
    paths = plan_key_paths(random.Random("%s|paths" % args.seed), args.keys, reserved)
    paths = paths[:generated_key_count(paths, args.keys, target_bytes, default_locale)]

    staging = prepare_output(out, args.force)
    try:
        store = os.path.join(staging, "store")
        written = []

        def put(key, value):
            with open(os.path.join(store, store_file_name(key)), "wb") as handle:
                handle.write(value.encode("utf-8"))
            written.append(key)

        facts = {}
        for code in locales:
            dropped = missing_generated(paths, code, default_locale, args.untranslated, args.seed)
            text, facts[code] = build_locale(LANGUAGES[code], default_locale, paths, dropped, target_bytes, args.seed)
            put("@better-i18n:messages:%s:%s" % (args.project, code), text)
        if args.pref_locale:
            put("@better-i18n:locale:%s" % args.project, args.pref_locale)
        if not args.no_manifest:
            put("@better-i18n:manifest:%s" % args.project, to_json(manifest(args.project, default_locale, locales, facts)))

        with open(os.path.join(staging, "keys.txt"), "w", encoding="utf-8", newline="\n") as handle:
            handle.write(keys_file(args.project, default_locale))
        metadata = {
            "generator": "Benchmarks/make-fixture.py",
            "project": args.project,
            "default_locale": default_locale,
            "pref_locale": args.pref_locale,
            "seed": args.seed,
            "requested_keys": args.keys,
            "generated_keys": len(paths),
            "untranslated": args.untranslated,
            "target_bytes": target_bytes,
            "manifest": not args.no_manifest,
            "locales": facts,                 # in --locales order
            "widget_keys": [{"key": w.key, "kind": w.where, "vars": dict(w.arguments),
                             "locales": [c for c in locales if widget_text(w, c, default_locale) is not None]}
                            for w in WIDGET_KEYS],
            "store_files": sorted(store_file_name(key) for key in written),
        }
        with open(os.path.join(staging, "fixture.json"), "w", encoding="utf-8") as handle:
            json.dump(metadata, handle, ensure_ascii=False, indent=2)
            handle.write("\n")
        publish(staging, out)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise

    print("fixture %s  (%s, seed %s)" % (out, args.project, args.seed))
    print("  store    %s: %d files" % (os.path.join(out, "store"), len(metadata["store_files"])))
    print("  keys.txt %s: %d widget keys" % (os.path.join(out, "keys.txt"), len(WIDGET_KEYS)))
    if len(paths) < args.keys:
        print("  note     %d generated keys instead of %d, to fit %d bytes per locale" % (len(paths), args.keys, target_bytes))
    for code in locales:
        f = facts[code]
        print("  %-6s %9d bytes %6d keys  depth %d%s" % (code, f["bytes"], f["leaf_keys"], f["max_depth"],
                                                      "  (default)" if code == default_locale else ""))
    off = [code for code in locales if abs(facts[code]["bytes"] - target_bytes) > 0.02 * target_bytes]
    if off:
        print("  note     %s not within 2%% of %d bytes (the widget keys alone take more)" % (", ".join(off), target_bytes))


if __name__ == "__main__":
    main()
