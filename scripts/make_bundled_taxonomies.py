#!/usr/bin/env python3
# Writes resources/taxonomies/{ltb-difficulty,mozilla-localization}.taxonomy.json (run from the
# project root). The LTB taxonomy is generated from LTB's published tag-to-path file (the same data
# engine/store/ltb_taxonomy.cpp reads); the localization taxonomy is written here by hand from the
# Mozilla style-guide outline (../shared/data/styleguides/mozilla-l10n/docs/guidelines/outline.md).
import json, re, collections
# --- LTB difficulty taxonomy from LTB's published tag-to-path file (as engine/store/ltb_taxonomy.cpp reads it)
t = open('resources/taxonomies/ltb_linguistics_taxonomy.json', encoding='utf-8').read()
t = re.sub(r',\s*}\s*$', '}', t)
d = json.loads(t, object_pairs_hook=collections.OrderedDict)
paths = collections.OrderedDict()
for tag, path in d.items():
    paths.setdefault(path, []).append(tag)
ltb = collections.OrderedDict([
  ("format", "gauntlet-taxonomy"), ("version", 1), ("name", "ltb-difficulty"),
  ("description", "The Last Translation Benchmark's difficulty taxonomy: linguistic knowledge, extralinguistic knowledge and extralinguistic constraints (main tags) and the two parallel tag groups. Generated from ltb_linguistics_taxonomy.json: one semantic category per distinct path, the tags that name it in its description."),
  ("source", "github.com/zouharvi/last-translation-benchmark @ ceb7ee061d76718deb6f5449ac7afdd6cff9bb83, data/linguistics_taxonomy.json"),
  ("licence", "CC BY 4.0"),
  ("categories", [collections.OrderedDict([("path", p), ("kind", "semantic"), ("description", "tags: " + ", ".join(tags))]) for p, tags in paths.items()])])
open('resources/taxonomies/ltb-difficulty.taxonomy.json', 'w', encoding='utf-8').write(json.dumps(ltb, indent=2, ensure_ascii=False) + "\n")

# --- Localization taxonomy by hand from the Mozilla style-guide outline (docs/guidelines/outline.md)
def det(path, desc, matchers, examples=(), combine=None):
    c = collections.OrderedDict([("path", path), ("kind", "deterministic"), ("description", desc)])
    if combine: c["combine"] = combine
    # PCRE2 (QRegularExpression) spells code points \x{...}, not Python's \uXXXX.
    pcre = lambda p: re.sub(r"\\u([0-9A-Fa-f]{4})", r"\\x{\1}", p)
    c["matchers"] = [collections.OrderedDict([("field", f), ("pattern", pcre(p))] + ([("flags", fl)] if fl else [])) for f, p, fl in matchers]
    if examples: c["examples"] = list(examples)
    return c
def sem(path, desc, examples=()):
    c = collections.OrderedDict([("path", path), ("kind", "semantic"), ("description", desc)])
    if examples: c["examples"] = list(examples)
    return c
cats = [
 det("markup/placeholders/printf", "printf-style placeholders (%s, %d, %1$s, %@) must be kept verbatim",
     [("either", r"%(?:\d+\$)?[-+ 0#]*\d*(?:\.\d+)?[sdifuxXeEgGcp@]", "")], ["Delete %s?", "%1$d of %2$d"]),
 det("markup/placeholders/braces", "brace placeholders ({0}, {name}, {{count}}, { $var } in Fluent) must be kept verbatim",
     [("either", r"\{\{?\s*\$?[A-Za-z0-9_.-]+\s*\}\}?", "")], ["Click {0} to continue", "{ $count } tabs"]),
 det("markup/placeholders/variables", "shell- or template-style variables ($VAR, ${name}, &brandShortName;)",
     [("either", r"\$\{[A-Za-z_][A-Za-z0-9_]*\}|\$[A-Z_][A-Z0-9_]+\b|&[A-Za-z][A-Za-z0-9.]*;", "")], ["Restart &brandShortName; now"]),
 det("markup/tags", "markup tags (<b>, </a>, <br/>) that must survive translation",
     [("either", r"</?[A-Za-z][A-Za-z0-9-]*(?:\s[^<>]*)?/?>", "")], ["Read the <a href=\"x\">terms</a>"]),
 det("markup/access-keys", "access keys and mnemonics marked with & or _ inside a word (&File, Save _As)",
     [("source", r"(?:^|\s)&[A-Za-z](?![A-Za-z0-9.]*;)|(?:^|\s)_[A-Za-z]", "")], ["&File", "Save _As"]),
 det("numbers/digits", "numbers written with digits (separators and grouping follow the locale)",
     [("source", r"\d", "u")], ["1,234.5 items"]),
 det("numbers/grouped-or-decimal", "numbers with a thousands or decimal separator (1,234 / 1.234,5 / 3.14)",
     [("source", r"\d[.,\u00A0\u202F\u2009 ]\d", "")], ["1,234", "3.14"]),
 det("numbers/percentages", "percentages (spacing before % differs by locale)",
     [("source", r"\d\s?%|%\s?\d|percent|per cent", "i")], ["99.95%"]),
 det("numbers/cjk-numerals", "CJK numerals and full-width digits (三, 万, ２０)",
     [("either", r"[０-９]|[〇一二三四五六七八九十百千万億兆]+[年月日時分個人件回歳円%％]", "")], ["三月", "２０２４年"]),
 det("numbers/ordinals", "ordinal numbers (1st, 2nd, 3rd, 21st)",
     [("source", r"\b\d+(?:st|nd|rd|th)\b", "i")], ["the 21st century"]),
 det("dates/numeric", "numeric dates (12/31/99, 2024-01-31, 31.12.1999): order and separators follow the locale",
     [("source", r"\b\d{1,4}[/.-]\d{1,2}[/.-]\d{1,4}\b", "")], ["12/31/99"]),
 det("dates/month-names", "dates with month names or abbreviations",
     [("source", r"\b(?:January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)\.?\s+\d{1,2}\b|\b\d{1,2}\s+(?:January|February|March|April|May|June|July|August|September|October|November|December)\b", "")], ["December 31, 1999"]),
 det("dates/weekdays", "days of the week (first day of the week and capitalisation differ by locale)",
     [("source", r"\b(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)s?\b", "")], ["on Monday"]),
 det("dates/years-and-decades", "years, decades and centuries (1999, the 1960s)",
     [("source", r"\b(?:1[5-9]|20)\d{2}s?\b", "")], ["in the 1960s"]),
 det("time/clock", "clock times (12-hour with a.m./p.m. or 24-hour)",
     [("source", r"\b\d{1,2}:\d{2}(?::\d{2})?\b|\b\d{1,2}\s?(?:a\.?m\.?|p\.?m\.?)(?=\s|$|[,.;])|o'clock", "i")], ["at 5:30 p.m."]),
 det("currency", "currency symbols, codes and amounts ($5, 10 €, USD)",
     [("source", r"[$€£¥₹₩₽¢]\s?\d|\d\s?[$€£¥₹₩₽¢]|\b(?:USD|EUR|GBP|JPY|CNY|INR|dollars?|euros?|pounds? sterling|cents?)\b", "i")], ["$5", "10 €"]),
 det("units/measurement", "units of measurement (metric or imperial; conversion and spacing differ by locale)",
     [("source", r"\b\d+(?:[.,]\d+)?\s?(?:km|m|cm|mm|kg|g|mg|lb|lbs|oz|mi|miles?|ft|feet|foot|inch(?:es)?|in\.|yards?|l|ml|gallons?|°[CF]|degrees?|kilomet(?:er|re)s?|met(?:er|re)s?|kilos?|grams?|pounds?|mph|km/h|MB|GB|KB|TB|GHz|MHz)\b", "i")], ["5 km", "12 miles"]),
 det("units/address-and-phone", "postal addresses, postal codes and telephone numbers",
     [("source", r"\(\d{3}\)\s?\d{3}-\d{4}|\+\d{1,3}[\s-]?\d|\b\d{3}[-.\s]\d{3}[-.\s]\d{4}\b|\b(?:Street|St\.|Avenue|Ave\.|Road|Rd\.|Boulevard|P\.O\. Box|ZIP)\b", "")], ["(555) 123-4567"]),
 det("punctuation/quotation-marks", "quotation marks (\"…\", “…”, ‘…’, «…», „…“, 「…」): the target locale's marks",
     [("either", "[\"\u201C\u201D\u201E\u00AB\u00BB\u300C\u300D\u300E\u300F]|(?<![A-Za-z])'|'(?![A-Za-z])|[\u2018\u2019](?![a-z])", "")], ["He said \"hello\"."]),
 det("punctuation/apostrophes", "apostrophes in contractions and possessives (typographic or straight)",
     [("source", r"[A-Za-z]['\u2019][A-Za-z]", "")], ["don't", "Mozilla's"]),
 det("punctuation/ellipsis-and-dashes", "ellipses and dashes (… vs ..., en and em dashes, spacing around them)",
     [("either", r"\u2026|\.\.\.|[\u2013\u2014]|\s-\s|--", "")], ["Loading…", "yes — no"]),
 det("punctuation/colon-question-exclamation", "question marks, exclamation marks, colons and semicolons (spacing before them in French, ¿¡ in Spanish)",
     [("either", r"[?!;:¿¡]", "")], ["Are you sure?"]),
 det("punctuation/parentheses-and-brackets", "parentheses and brackets",
     [("either", r"[()\[\]（）【】]", "")], ["(optional)"]),
 det("whitespace/non-breaking-and-narrow", "non-breaking, narrow and other special spaces (U+00A0, U+202F, U+2009, U+3000)",
     [("either", "[\u00A0\u202F\u2007\u2009\u200A\u3000]", "")], ["10\u00A0km"]),
 det("whitespace/leading-trailing-or-double", "leading, trailing or doubled spaces that may be meaningful in UI strings",
     [("either", r"^\s|\S\s$|\S  +\S", "")], [" (optional)"]),
 det("capitalization/all-caps", "words in all capitals (acronyms, emphasis; title case and all caps differ by locale)",
     [("source", r"\b[A-Z]{2,}\b", "")], ["NASA", "DO NOT"]),
 det("capitalization/title-case", "title-case sequences of three or more capitalised words (headings, UI labels)",
     [("source", r"\b[A-Z][a-z]+(?:\s+(?:of|and|the|for|in|to|a)?\s*[A-Z][a-z]+){2,}\b", "")], ["Manage Your Account Settings"]),
 det("brands/mozilla-products", "Mozilla brand and product names (never translated, declined only where the guide allows)",
     [("either", r"\b(?:Mozilla|Firefox|Thunderbird|Pocket|Focus|Relay|Monitor|Lockwise|MDN|SeaMonkey|Fenix)\b", "")], ["Firefox Sync"]),
 det("brands/other-trademarks", "other brand, product and company names (Google, Windows, iPhone ...)",
     [("either", r"\b(?:Google|Microsoft|Windows|Apple|iPhone|iPad|macOS|Android|Linux|Facebook|Twitter|YouTube|Amazon|Netflix|Wikipedia|TED|GitHub)\b", "")], ["Install on Android"]),
 det("keyboard-shortcuts", "keyboard shortcuts and key names (Ctrl+C, Cmd+Shift+P, Alt, Enter)",
     [("source", r"\b(?:Ctrl|Cmd|Command|Alt|Shift|Option|Tab|Esc|Escape|Enter|Return|Del|Delete|Backspace|F\d{1,2})\s*[+-]\s*\S|\b(?:Ctrl|Cmd|Alt|Shift)\b", "")], ["Press Ctrl+C"]),
 det("urls-and-emails", "URLs, domains, file paths and e-mail addresses (kept verbatim)",
     [("either", r"https?://\S+|www\.\S+|\b[\w.+-]+@[\w-]+\.[\w.]+\b|\b[\w-]+\.(?:com|org|net|io|de|fr)\b", "")], ["visit www.mozilla.org"]),
 det("register/second-person-address", "direct address of the reader (you, your): formal or informal form in the target (tu/usted, du/Sie)",
     [("source", r"\b(?:you|your|yours|yourself|yourselves)\b", "i")], ["Do you want to save your changes?"]),
 det("register/honorifics-and-titles", "honorifics and personal titles (Mr., Mrs., Dr., Sir, -san)",
     [("source", r"\b(?:Mr|Mrs|Ms|Dr|Prof|Sr|Jr)\.|\b(?:Sir|Madam|Ma'am|Lord|Lady)\b|-(?:san|sama|kun|chan)\b", "")], ["Dr. Smith"]),
 det("plurals-and-counts", "a number next to a countable noun, where plural forms differ by locale",
     [("source", r"\b\d+\s+[A-Za-z]+s\b|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|hundreds?|thousands?|millions?|billions?)\s+[a-z]+s\b", "i")], ["3 tabs", "two minutes"]),
 sem("register/formality-and-tone", "the tone of the text (authoritative and formal to friendly and casual) must be kept or adapted to the locale's expectation",
     ["We're thrilled to have you on board!", "Pursuant to section 4, the licensee shall comply."]),
 sem("natural-expression/idioms-and-slang", "cultural references, idioms and slang that need an equivalent or a paraphrase",
     ["Let's touch base after the kick-off meeting.", "It's raining cats and dogs."]),
 sem("natural-expression/cultural-references", "references to culture-specific events, institutions, sports or customs",
     ["It was like a Super Bowl halftime show.", "He sounded like a Thanksgiving speech."]),
 sem("natural-expression/borrowed-words", "loanwords and anglicisms that the locale may or may not accept",
     ["Download the app and sync your bookmarks.", "Sign in to your dashboard."]),
 sem("natural-expression/humour-and-wordplay", "humour, puns and wordplay",
     ["Time flies like an arrow; fruit flies like a banana.", "I'm reading a book about anti-gravity; it's impossible to put down."]),
 sem("terminology/technical", "technical terminology that must follow the locale's glossary",
     ["Clear the cache and cookies, then reload the page.", "The encryption key is stored in the keychain."]),
 sem("terminology/domain-specific", "domain terms outside software (science, medicine, law, finance)",
     ["Photons from distant galaxies are redshifted.", "The patient presented with acute myocardial infarction."]),
 sem("grammar/long-or-complex-sentence", "long sentences with nested clauses, where word order and agreement are hard",
     ["Although the light that reaches us today left those stars long before the Earth formed, which is hard to imagine, we can still learn what they were made of."]),
 sem("grammar/ambiguity", "lexical or structural ambiguity that the context must resolve",
     ["I saw the man with the telescope.", "The chicken is ready to eat."]),
]
loc = collections.OrderedDict([
  ("format", "gauntlet-taxonomy"), ("version", 1), ("name", "mozilla-localization"),
  ("description", "A localization taxonomy built by hand from the Mozilla l10n style-guide outline (formality and tone; natural expression; units, dates, time, numerals, currency, addresses and telephone numbers; punctuation and whitespace; copy rules and capitalization) plus the general guide's placeholders, markup, brands and shortcuts. Deterministic categories carry regular-expression matchers on the English source and/or the target; semantic ones carry example sources for the classifiers."),
  ("source", "../shared/data/styleguides/mozilla-l10n/docs/guidelines/outline.md (github.com/mozilla-l10n/styleguides)"),
  ("licence", "CC BY-SA 4.0 (derived from the Mozilla style guides)"),
  ("categories", cats)])
open('resources/taxonomies/mozilla-localization.taxonomy.json', 'w', encoding='utf-8').write(json.dumps(loc, indent=2, ensure_ascii=False) + "\n")
# The patterns are PCRE2; tests/sampling/tst_taxonomy.cpp compiles and exercises them.
print(len(paths), len(cats))
