"""Counts user-perceived characters (extended grapheme clusters, Unicode 15.1's UAX #29) as Swift's String.count
does, with the standard library alone, so the stub server refuses exactly the lengths the client refuses.

    count("🇷🇺é")                # 2: a flag (two regional indicators) and e + U+0301
    count("\\u0915\\u094d\\u0937")  # 1: a Devanagari conjunct (GB9c)

Python's unicodedata has no Grapheme_Cluster_Break property, so the classes are built from the general category
and the few code point lists UAX #29 adds on top of it (Other_Grapheme_Extend, Prepend, the SpacingMark
exceptions, Extended_Pictographic, Indic_Conjunct_Break).
"""

import unicodedata

# Grapheme_Extend beyond Mn and Me (Other_Grapheme_Extend), plus the emoji modifiers, which are Extend too.
_OTHER_EXTEND = [(0x09BE, 0x09BE), (0x09D7, 0x09D7), (0x0B3E, 0x0B3E), (0x0B57, 0x0B57), (0x0BBE, 0x0BBE),
                 (0x0BD7, 0x0BD7), (0x0CC2, 0x0CC2), (0x0CD5, 0x0CD6), (0x0D3E, 0x0D3E), (0x0D57, 0x0D57),
                 (0x0DCF, 0x0DCF), (0x0DDF, 0x0DDF), (0x1B35, 0x1B35), (0x200C, 0x200C), (0x302E, 0x302F),
                 (0xFF9E, 0xFF9F), (0x1133E, 0x1133E), (0x11357, 0x11357), (0x114B0, 0x114B0), (0x114BD, 0x114BD),
                 (0x115AF, 0x115AF), (0x11930, 0x11930), (0x1D165, 0x1D165), (0x1D16E, 0x1D172),
                 (0xE0020, 0xE007F), (0x1F3FB, 0x1F3FF)]
_PREPEND = [(0x0600, 0x0605), (0x06DD, 0x06DD), (0x070F, 0x070F), (0x0890, 0x0891), (0x08E2, 0x08E2),
            (0x0D4E, 0x0D4E), (0x110BD, 0x110BD), (0x110CD, 0x110CD), (0x111C2, 0x111C3), (0x1193F, 0x1193F),
            (0x11941, 0x11941), (0x11A3A, 0x11A3A), (0x11A84, 0x11A89), (0x11D46, 0x11D46), (0x11F02, 0x11F02)]
# Spacing marks (Mc) that UAX #29 leaves out of SpacingMark, and the two Lo vowels it puts in.
_NOT_SPACING = [(0x102B, 0x102C), (0x1038, 0x1038), (0x1062, 0x1064), (0x1067, 0x106D), (0x1083, 0x1083),
                (0x1087, 0x108C), (0x108F, 0x108F), (0x109A, 0x109C), (0x1A61, 0x1A61), (0x1A63, 0x1A64),
                (0xAA7B, 0xAA7B), (0xAA7D, 0xAA7D), (0x11720, 0x11721)]
_SPACING_EXTRA = [(0x0E33, 0x0E33), (0x0EB3, 0x0EB3)]
_PICTOGRAPHIC = [(0x00A9, 0x00A9), (0x00AE, 0x00AE), (0x203C, 0x203C), (0x2049, 0x2049), (0x2122, 0x2122),
                 (0x2139, 0x2139), (0x2194, 0x2199), (0x21A9, 0x21AA), (0x231A, 0x231B), (0x2328, 0x2328),
                 (0x2388, 0x2388), (0x23CF, 0x23CF), (0x23E9, 0x23F3), (0x23F8, 0x23FA), (0x24C2, 0x24C2),
                 (0x25AA, 0x25AB), (0x25B6, 0x25B6), (0x25C0, 0x25C0), (0x25FB, 0x25FE), (0x2600, 0x2605),
                 (0x2607, 0x2612), (0x2614, 0x2685), (0x2690, 0x2705), (0x2708, 0x2712), (0x2714, 0x2714),
                 (0x2716, 0x2716), (0x271D, 0x271D), (0x2721, 0x2721), (0x2728, 0x2728), (0x2733, 0x2734),
                 (0x2744, 0x2744), (0x2747, 0x2747), (0x274C, 0x274C), (0x274E, 0x274E), (0x2753, 0x2755),
                 (0x2757, 0x2757), (0x2763, 0x2767), (0x2795, 0x2797), (0x27A1, 0x27A1), (0x27B0, 0x27B0),
                 (0x27BF, 0x27BF), (0x2934, 0x2935), (0x2B05, 0x2B07), (0x2B1B, 0x2B1C), (0x2B50, 0x2B50),
                 (0x2B55, 0x2B55), (0x3030, 0x3030), (0x303D, 0x303D), (0x3297, 0x3297), (0x3299, 0x3299),
                 (0x1F000, 0x1F0FF), (0x1F10D, 0x1F10F), (0x1F12F, 0x1F12F), (0x1F16C, 0x1F171),
                 (0x1F17E, 0x1F17F), (0x1F18E, 0x1F18E), (0x1F191, 0x1F19A), (0x1F1AD, 0x1F1E5),
                 (0x1F201, 0x1F20F), (0x1F21A, 0x1F21A), (0x1F22F, 0x1F22F), (0x1F232, 0x1F23A),
                 (0x1F23C, 0x1F23F), (0x1F249, 0x1F3FA), (0x1F400, 0x1F53D), (0x1F546, 0x1F64F),
                 (0x1F680, 0x1F6FF), (0x1F774, 0x1F77F), (0x1F7D5, 0x1F7FF), (0x1F80C, 0x1F80F),
                 (0x1F848, 0x1F84F), (0x1F85A, 0x1F85F), (0x1F888, 0x1F88F), (0x1F8AE, 0x1F8FF),
                 (0x1F90C, 0x1F93A), (0x1F93C, 0x1F945), (0x1F947, 0x1FAFF), (0x1FC00, 0x1FFFD)]
# Indic_Conjunct_Break: the viramas that join consonants, and the consonants they join (GB9c), as Swift 6.3 has them
# (the consonants of Unicode 16.0, the six viramas of 15.1).
_LINKERS = {0x094D, 0x09CD, 0x0ACD, 0x0B4D, 0x0C4D, 0x0D4D}
_CONSONANTS = [(0x0915, 0x0939), (0x0958, 0x095F), (0x0978, 0x097F), (0x0995, 0x09A8), (0x09AA, 0x09B0),
               (0x09B2, 0x09B2), (0x09B6, 0x09B9), (0x09DC, 0x09DD), (0x09DF, 0x09DF), (0x09F0, 0x09F1),
               (0x0A95, 0x0AA8), (0x0AAA, 0x0AB0), (0x0AB2, 0x0AB3), (0x0AB5, 0x0AB9), (0x0AF9, 0x0AF9),
               (0x0B15, 0x0B28), (0x0B2A, 0x0B30), (0x0B32, 0x0B33), (0x0B35, 0x0B39), (0x0B5C, 0x0B5D),
               (0x0B5F, 0x0B5F), (0x0B71, 0x0B71), (0x0C15, 0x0C28), (0x0C2A, 0x0C39), (0x0C58, 0x0C5A),
               (0x0D15, 0x0D3A), (0x1000, 0x102A), (0x103F, 0x103F), (0x1050, 0x1055), (0x105A, 0x105D),
               (0x1061, 0x1061), (0x1065, 0x1066), (0x106E, 0x1070), (0x1075, 0x1081), (0x108E, 0x108E),
               (0x1780, 0x17B3), (0x1A20, 0x1A54), (0x1B0B, 0x1B0C), (0x1B13, 0x1B33), (0x1B45, 0x1B4C),
               (0x1B83, 0x1BA0), (0x1BAE, 0x1BAF), (0x1BBB, 0x1BBD), (0xA989, 0xA98B), (0xA98F, 0xA9B2),
               (0xA9E0, 0xA9E4), (0xA9E7, 0xA9EF), (0xA9FA, 0xA9FE), (0xAA60, 0xAA6F), (0xAA71, 0xAA73),
               (0xAA7A, 0xAA7A), (0xAA7E, 0xAA7F), (0xAAE0, 0xAAEA), (0xABC0, 0xABDA), (0x10A00, 0x10A00),
               (0x10A10, 0x10A13), (0x10A15, 0x10A17), (0x10A19, 0x10A35), (0x11103, 0x11126), (0x11144, 0x11144),
               (0x11147, 0x11147), (0x11380, 0x11389), (0x1138B, 0x1138B), (0x1138E, 0x1138E), (0x11390, 0x113B5),
               (0x11900, 0x11906), (0x11909, 0x11909), (0x1190C, 0x11913), (0x11915, 0x11916), (0x11918, 0x1192F),
               (0x11A00, 0x11A00), (0x11A0B, 0x11A32), (0x11A50, 0x11A50), (0x11A5C, 0x11A83), (0x11F04, 0x11F10),
               (0x11F12, 0x11F33)]


def _within(code, ranges):
    return any(low <= code <= high for low, high in ranges)


def _kind(char):
    """The character's Grapheme_Cluster_Break class."""
    code = ord(char)
    if code == 0x0D:
        return "CR"
    if code == 0x0A:
        return "LF"
    if code == 0x200D:
        return "ZWJ"
    category = unicodedata.category(char)
    if category in ("Mn", "Me") or _within(code, _OTHER_EXTEND):
        return "Extend"
    if _within(code, _PREPEND):
        return "Prepend"
    if category in ("Cc", "Cf", "Zl", "Zp") or (category == "Cn" and _default_ignorable(code)):
        return "Control"
    if 0x1F1E6 <= code <= 0x1F1FF:
        return "RI"
    if (category == "Mc" and not _within(code, _NOT_SPACING)) or _within(code, _SPACING_EXTRA):
        return "SpacingMark"
    if 0x1100 <= code <= 0x115F or 0xA960 <= code <= 0xA97C:
        return "L"
    if 0x1160 <= code <= 0x11A7 or 0xD7B0 <= code <= 0xD7C6:
        return "V"
    if 0x11A8 <= code <= 0x11FF or 0xD7CB <= code <= 0xD7FB:
        return "T"
    if 0xAC00 <= code <= 0xD7A3:
        return "LV" if (code - 0xAC00) % 28 == 0 else "LVT"
    if _within(code, _PICTOGRAPHIC):
        return "Pictographic"
    return "Other"


def _default_ignorable(code):
    return 0x2060 <= code <= 0x206F or 0xFFF0 <= code <= 0xFFF8 or 0xE0000 <= code <= 0xE0FFF


def count(text):
    """How many Characters Swift sees in `text`."""
    total = 0
    previous = None
    # What the characters since the last break were: Pictographic Extend* (GB11), how many regional indicators
    # in a row (GB12, GB13), Consonant [Extend Linker]* and whether a Linker came (GB9c).
    emoji, emoji_zwj, indicators, conjunct, linked = False, False, 0, False, False
    for char in text:
        kind = _kind(char)
        code = ord(char)
        consonant = _within(code, _CONSONANTS)
        if previous is None or _breaks(previous, kind, emoji_zwj, indicators, conjunct and linked and consonant):
            total += 1
            emoji, indicators, conjunct, linked = False, 0, False, False
        emoji_zwj = kind == "ZWJ" and emoji
        emoji = kind == "Pictographic" or (emoji and kind == "Extend")
        indicators = indicators + 1 if kind == "RI" else 0
        if consonant:
            conjunct, linked = True, False
        elif conjunct and code in _LINKERS:
            linked = True
        elif not (conjunct and kind in ("Extend", "ZWJ")):
            conjunct, linked = False, False
        previous = kind
    return total


def _breaks(before, after, emoji_zwj, indicators, joins_conjunct):
    """Whether a Character ends between a character of class `before` and one of class `after` (GB3–GB999)."""
    if before == "CR" and after == "LF":
        return False
    if before in ("Control", "CR", "LF") or after in ("Control", "CR", "LF"):
        return True
    if before == "L" and after in ("L", "V", "LV", "LVT"):
        return False
    if before in ("LV", "V") and after in ("V", "T"):
        return False
    if before in ("LVT", "T") and after == "T":
        return False
    if after in ("Extend", "ZWJ", "SpacingMark") or before == "Prepend":
        return False
    if joins_conjunct:
        return False
    if emoji_zwj and after == "Pictographic":
        return False
    if before == "RI" and after == "RI":
        return indicators % 2 == 0
    return True
