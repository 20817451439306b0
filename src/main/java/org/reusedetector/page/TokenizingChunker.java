package org.reusedetector.page;

import static org.reusedetector.page.HtmlTags.BLOCK;
import static org.reusedetector.page.HtmlTags.CLOSES_P;
import static org.reusedetector.page.HtmlTags.DATA;
import static org.reusedetector.page.HtmlTags.FORMATTING;
import static org.reusedetector.page.HtmlTags.HEAD_CONTENT;
import static org.reusedetector.page.HtmlTags.HEADING;
import static org.reusedetector.page.HtmlTags.LIST_ITEM;
import static org.reusedetector.page.HtmlTags.PLAINTEXT;
import static org.reusedetector.page.HtmlTags.RAWTEXT;
import static org.reusedetector.page.HtmlTags.RCDATA;
import static org.reusedetector.page.HtmlTags.SCOPED_CLOSER;
import static org.reusedetector.page.HtmlTags.SCOPE_BOUNDARY;
import static org.reusedetector.page.HtmlTags.SCRIPT;
import static org.reusedetector.page.HtmlTags.SPECIAL;
import static org.reusedetector.page.HtmlTags.TABLE_PART;
import static org.reusedetector.page.HtmlTags.VOID;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.jsoup.nodes.Entities;

/**
 * The TEXT-form chunks of {@link HtmlChunker} in one pass over the characters, with no DOM: an HTML tokenizer
 * (the standard's states for tags, attributes, comments, CDATA, doctype, raw text, RCDATA and script data,
 * and jsoup's character references) drives a stack of open elements that follows the tree-construction
 * rules that move chunk starts or word breaks: implied and ignored end tags, a stray {@code </p>}, list items,
 * headings, tables, select and foreign (SVG, MathML) content. Visible text is whitespace-normalised straight
 * into one reusable buffer that is handed to a {@link ChunkSink} at every chunk end.
 *
 * <p>Known difference from jsoup: an element written inside a table but outside any cell (say {@code <b>} after
 * a row) is moved before the table by jsoup, as by browsers ("foster parenting"); here its text stays where it is
 * written. No page of the two standard crawls has it (see {@code TokenizingChunkerTest}).
 *
 * <p>Holds buffers: one instance per thread.
 */
public final class TokenizingChunker {

    /** Receives each non-empty normalised chunk; the array is reused after the call returns. */
    @FunctionalInterface
    public interface ChunkSink {
        void chunk(char[] text, int length);
    }

    private static final byte HTML = 0;
    private static final byte SVG = 1;
    private static final byte MATHML = 2;
    /** jsoup's Windows-1252 replacements for numeric references 0x80–0x9F. */
    private static final int[] WIN1252 = {
        0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008D, 0x017D, 0x008F,
        0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178
    };
    /** Start tags that leave SVG or MathML content for HTML (jsoup {@code InForeignToHtml}). */
    private static final Set<String> FOREIGN_TO_HTML = Set.of("b", "big", "blockquote", "body", "br", "center", "code", "dd", "div", "dl",
            "dt", "em", "embed", "h1", "h2", "h3", "h4", "h5", "h6", "head", "hr", "i", "img", "li", "listing", "menu", "meta", "nobr", "ol",
            "p", "pre", "ruby", "s", "small", "span", "strike", "strong", "sub", "sup", "table", "tt", "u", "ul", "var");
    private static final Set<String> IMPLIED_END = Set.of("dd", "dt", "li", "optgroup", "option", "p", "rb", "rp", "rt", "rtc");
    private static final int MAX_CACHED_NAMES = 2048;

    /** An element name with its flags; known names are canonical instances, so names compare by reference first. */
    private static final class Tag {
        final String name;
        /** The name's characters, for comparing a tag name in the page's buffer without making a string. */
        final char[] chars;
        final int flags;
        final boolean chunkStart;
        /** In {@link #IMPLIED_END}: decided once here, not by a set look-up on every implied-end check. */
        final boolean impliedEnd;
        /** In the name table: the one instance of its name, so two interned tags are the same name only if identical. */
        final boolean interned;

        Tag(String name, int flags, boolean chunkStart, boolean interned) {
            this.name = name;
            this.interned = interned;
            this.chars = name.toCharArray();
            this.impliedEnd = IMPLIED_END.contains(name);
            this.flags = flags;
            this.chunkStart = chunkStart;
        }

        boolean is(int flag) {
            return (flags & flag) != 0;
        }

        boolean sameName(Tag other) {
            return this == other || (!(interned && other.interned) && name.equals(other.name));
        }
    }

    private final Set<String> chunkTags;
    private final Tag[] names = new Tag[8192];
    /**
     * Names of up to 8 ASCII characters (nearly every tag) packed 7 bits a character into a long, beside their tags:
     * a look-up is one compare of longs, with no pointer chase to the name's characters.
     */
    private final long[] shortKeys = new long[8192];
    private final Tag[] shortTags = new Tag[8192];
    /** The packed lower-case name {@link #tagNameEnd} just scanned, or 0 when it is longer than 8 or not ASCII. */
    private long scannedKey;
    private int cachedNames;
    private final Tag tagHtml;
    private final Tag tagP;
    private final Tag tagLi;
    private final Tag tagDd;
    private final Tag tagDt;
    private final Tag tagTable;
    private final Tag tagSelect;
    private final Tag tagButton;
    private final Tag tagOption;
    private final Tag tagOptgroup;
    private final Tag tagTemplate;
    private final Tag tagHead;
    private final Tag tagBody;
    private final Tag tagFrameset;
    private final Tag tagInput;
    private final Tag tagKeygen;
    private final Tag tagTextarea;
    private final Tag tagSvg;
    private final Tag tagMath;
    private final Tag tagBr;
    private final Tag tagImage;

    // per page
    private char[] ownSource = new char[0];
    private char[] src = ownSource;
    private int n;
    private char[] text = new char[256];
    private int textLength;
    private boolean pendingSpace;
    private ChunkSink sink;
    private Tag[] stack = new Tag[64];
    private byte[] stackNamespace = new byte[64];
    private boolean[] stackBlock = new boolean[64];
    private int depth;
    private boolean textVisible;
    private boolean documentStarted;
    private boolean quirks;
    private boolean bodyStarted;
    private final char[] nameBuffer = new char[64];
    private boolean selfClosing;
    private final int[] codepoints = new int[2];

    public TokenizingChunker(Set<String> chunkTags) {
        Set<String> lower = new java.util.HashSet<>();
        for (String tag : chunkTags) {
            lower.add(tag.toLowerCase(Locale.ROOT));
        }
        this.chunkTags = Set.copyOf(lower);
        for (Map.Entry<String, Integer> known : HtmlTags.known().entrySet()) {
            intern(known.getKey(), known.getValue());
        }
        for (String tag : this.chunkTags) {
            if (lookup(tag.toCharArray(), tag.length()) == null) {
                intern(tag, 0);
            }
        }
        tagHtml = named("html");
        tagP = named("p");
        tagLi = named("li");
        tagDd = named("dd");
        tagDt = named("dt");
        tagTable = named("table");
        tagSelect = named("select");
        tagButton = named("button");
        tagOption = named("option");
        tagOptgroup = named("optgroup");
        tagTemplate = named("template");
        tagHead = named("head");
        tagBody = named("body");
        tagFrameset = named("frameset");
        tagInput = named("input");
        tagKeygen = named("keygen");
        tagTextarea = named("textarea");
        tagSvg = named("svg");
        tagMath = named("math");
        tagBr = named("br");
        tagImage = named("image");
    }

    /** The chunks of {@code html} as strings, in document order (for tests and tools; production uses the sink). */
    public List<String> chunk(String html) {
        List<String> chunks = new ArrayList<>();
        chunk(html, (chars, length) -> chunks.add(new String(chars, 0, length)));
        return chunks;
    }

    /** Hands every non-empty chunk of {@code html}, in document order, to {@code sink}. */
    public void chunk(String html, ChunkSink sink) {
        int length = html.length();
        if (ownSource.length < length) {
            ownSource = new char[Math.max(length, ownSource.length * 2)];
        }
        html.getChars(0, length, ownSource, 0);
        chunk(ownSource, length, sink);
    }

    /** As {@link #chunk(String, ChunkSink)} for the page in {@code html[0, length)}, which is only read, and only during the call. */
    public void chunk(char[] html, int length, ChunkSink sink) {
        src = html;
        n = length;
        this.sink = sink;
        textLength = 0;
        pendingSpace = false;
        depth = 0;
        documentStarted = false;
        quirks = false;
        bodyStarted = false;
        push(tagHtml, HTML);
        try {
            run();
            finishChunk();
        } finally {
            this.sink = null;
            src = ownSource; // not the caller's array
        }
    }

    // ---- tokenizer ----

    private void run() {
        char[] s = src;
        int pos = 0;
        while (pos < n) {
            char c = s[pos];
            if (c == '<') {
                pos = markup(pos);
            } else if (c == '&') {
                documentStarted = true;
                pos = characterReference(pos);
            } else if (!documentStarted) {
                if (c > ' ') {
                    documentStarted = true;
                    quirks = true;
                }
                text(c);
                pos++;
            } else {
                pos = textRun(pos);
            }
        }
    }

    /**
     * Plain text up to the next {@code <} or {@code &} (most of a page's characters), whitespace-normalised in one
     * loop on local copies of the buffer state ({@link #appendText} per character costs a call, a capacity check
     * and field writes). Returns where the run ends.
     */
    private int textRun(int from) {
        char[] s = src;
        int end = n;
        if (!textVisible) {
            int i = from;
            while (i < end && s[i] != '<' && s[i] != '&') {
                i++;
            }
            return i;
        }
        int capacity = textLength + (end - from) + 2; // room for the rest of the page, a pending space and one spare store
        if (capacity > text.length) {
            text = java.util.Arrays.copyOf(text, Math.max(capacity, text.length * 2));
        }
        char[] out = text;
        int length = textLength;
        int space = pendingSpace ? 1 : 0;
        int i = from;
        for (; i < end; i++) {
            char c = s[i];
            if (c >= 0x80 || c == '<' || c == '&') { // rare, so well predicted
                if (c < 0x80) {
                    break;
                }
                if (WhitespaceNormalizer.isSpace(c)) {
                    space = length > 0 ? 1 : 0;
                    continue;
                }
            }
            // ASCII without branches on the character class: a space between words would be a mispredicted branch
            // in about one character of six. The stores are harmless when c is whitespace: length does not move.
            int visible = (' ' - c) >>> 31; // 1 when c > ' '
            out[length] = ' ';
            length += space & visible;
            out[length] = c;
            length += visible;
            space = (length > 0 ? 1 : 0) & (visible ^ 1);
        }
        textLength = length;
        pendingSpace = space != 0;
        return i;
    }

    /** At a {@code <} in data: a tag, comment, doctype, CDATA section, or a literal {@code <}. Returns where data resumes. */
    private int markup(int lt) {
        char[] s = src;
        int p = lt + 1;
        if (p >= n) {
            text('<');
            return n;
        }
        char c = s[p];
        if (c == '!') {
            if (startsWith(p + 1, "--")) {
                return commentEnd(p + 3);
            }
            if (startsWithIgnoreCase(p + 1, "doctype")) {
                return doctype(p + 8);
            }
            if (startsWith(p + 1, "[CDATA[")) { // jsoup takes CDATA in HTML too, as text
                int end = indexOf("]]>", p + 8);
                int stop = end < 0 ? n : end;
                startDocument();
                for (int i = p + 8; i < stop; i++) {
                    text(s[i]);
                }
                return end < 0 ? n : end + 3;
            }
            return bogusCommentEnd(p + 1);
        }
        if (c == '/') {
            int q = p + 1;
            if (q >= n) {
                text('<');
                text('/');
                return n;
            }
            if (isAsciiAlpha(s[q])) {
                return endTag(q);
            }
            if (s[q] == '>') {
                return q + 1;
            }
            return bogusCommentEnd(q);
        }
        if (c == '?') {
            return bogusCommentEnd(p);
        }
        if (isAsciiAlpha(c)) {
            return startTag(p);
        }
        text('<');
        return p;
    }

    private int commentEnd(int from) {
        char[] s = src;
        if (from < n && s[from] == '>') {
            return from + 1;
        }
        if (from + 1 < n && s[from] == '-' && s[from + 1] == '>') {
            return from + 2;
        }
        int i = from;
        while (true) {
            int dashes = indexOf("--", i);
            if (dashes < 0) {
                return n;
            }
            int j = dashes + 2;
            while (j < n && s[j] == '-') {
                j++;
            }
            if (j < n && s[j] == '>') {
                return j + 1;
            }
            if (j + 1 < n && s[j] == '!' && s[j + 1] == '>') {
                return j + 2;
            }
            if (j >= n) {
                return n;
            }
            i = j;
        }
    }

    private int bogusCommentEnd(int from) {
        int gt = indexOf('>', from);
        return gt < 0 ? n : gt + 1;
    }

    /** A doctype decides quirks mode (which decides whether a table closes an open p) when it comes first. */
    private int doctype(int from) {
        char[] s = src;
        int i = from;
        while (i < n && isHtmlSpace(s[i])) {
            i++;
        }
        int nameStart = i;
        while (i < n && !isHtmlSpace(s[i]) && s[i] != '>') {
            i++;
        }
        if (!documentStarted) {
            documentStarted = true;
            quirks = i == nameStart || !new String(s, nameStart, i - nameStart).toLowerCase(Locale.ROOT).equals("html");
        }
        return bogusCommentEnd(i);
    }

    private int startTag(int nameStart) {
        int nameEnd = tagNameEnd(nameStart);
        int end = skipAttributes(nameEnd);
        if (end < 0) {
            return n; // a tag cut off by the end of the page is dropped, as jsoup does
        }
        startDocument();
        Tag tag = tagNamed(nameStart, nameEnd);
        int mode = processStartTag(tag, selfClosing);
        if (mode == 0) {
            return end;
        }
        return rawContent(end, tag, mode);
    }

    private int endTag(int nameStart) {
        int nameEnd = tagNameEnd(nameStart);
        int end = skipAttributes(nameEnd);
        if (end < 0) {
            return n;
        }
        startDocument();
        processEndTag(tagNamed(nameStart, nameEnd));
        return end;
    }

    /** Returns where the tag name starting at {@code i} ends, and packs it (lower case) into {@link #scannedKey}. */
    private int tagNameEnd(int i) {
        char[] s = src;
        int start = i;
        long key = 0;
        boolean ascii = true;
        while (i < n) {
            char c = s[i];
            if (c == '>' || c == '/' || isHtmlSpace(c)) {
                break;
            }
            ascii &= (char) (c - 1) < 0x7F; // 1..127: NUL becomes U+FFFD in a name, so it takes the long way
            key = (key << 7) | (c >= 'A' && c <= 'Z' ? c + 32 : c & 0x7F);
            i++;
        }
        scannedKey = ascii && i - start <= 8 ? key : 0;
        return i;
    }

    /** The packed key of a lower-case name, or 0 when it has more than 8 characters or one outside 1..127. */
    private static long shortKey(String name) {
        if (name.length() > 8) {
            return 0;
        }
        long key = 0;
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if ((char) (c - 1) >= 0x7F) {
                return 0;
            }
            key = (key << 7) | c;
        }
        return key;
    }

    private static int shortSlot(long key) {
        return (int) ((key * 0x9E3779B97F4A7C15L) >>> 51); // 13 bits: shortKeys.length
    }

    /**
     * Skips attributes per the standard's attribute states (quoted values may hold {@code >} and {@code <p}).
     * Returns the index after the closing {@code >}, or -1 at the end of the page; sets {@link #selfClosing}.
     */
    private int skipAttributes(int i) {
        char[] s = src;
        selfClosing = false;
        while (i < n) {
            char c = s[i];
            if (c == '>') {
                return i + 1;
            }
            if (isHtmlSpace(c)) {
                i++;
                continue;
            }
            if (c == '/') {
                if (i + 1 < n && s[i + 1] == '>') {
                    selfClosing = true;
                    return i + 2;
                }
                i++;
                continue;
            }
            // attribute name (its first character may be '=')
            i++;
            while (i < n && s[i] != '=' && s[i] != '>' && s[i] != '/' && !isHtmlSpace(s[i])) {
                i++;
            }
            while (i < n && isHtmlSpace(s[i])) {
                i++;
            }
            if (i < n && s[i] == '=') {
                i++;
                while (i < n && isHtmlSpace(s[i])) {
                    i++;
                }
                if (i >= n) {
                    return -1;
                }
                char q = s[i];
                if (q == '"' || q == '\'') {
                    int close = indexOf(q, i + 1);
                    if (close < 0) {
                        return -1;
                    }
                    i = close + 1;
                } else if (q != '>') {
                    while (i < n && s[i] != '>' && !isHtmlSpace(s[i])) {
                        i++;
                    }
                }
            }
        }
        return -1;
    }

    /** Content of script, style, raw-text and RCDATA elements up to their end tag; returns where that tag starts. */
    private int rawContent(int from, Tag tag, int mode) {
        char[] s = src;
        if (mode == PLAINTEXT) {
            for (int i = from; i < n; i++) {
                text(s[i] == 0 ? '\uFFFD' : s[i]);
            }
            return n;
        }
        if (mode == SCRIPT) {
            return scriptEnd(from);
        }
        int end = findEndTag(from, tag.name);
        if (mode == RCDATA) {
            int stop = end;
            if (end < 0) {
                // jsoup: with no end tag anywhere after, RCDATA stops at the next start tag
                stop = n;
                for (int i = from; i + 1 < n; i++) {
                    if (s[i] == '<' && isAsciiAlpha(s[i + 1])) {
                        stop = i;
                        break;
                    }
                }
            }
            int i = from;
            while (i < stop) {
                char c = s[i];
                if (c == '&') {
                    i = characterReference(i, stop);
                } else {
                    text(c == 0 ? '\uFFFD' : c);
                    i++;
                }
            }
            if (end < 0 && stop < n) {
                pop(); // the implied end of the RCDATA element; the tag at stop is read as markup
            }
            return stop;
        }
        int stop = end < 0 ? n : end;
        for (int i = from; i < stop; i++) {
            text(s[i] == 0 ? '\uFFFD' : s[i]);
        }
        return stop;
    }

    /** Index of the {@code <} of {@code </name} followed by a tag-ending character, or -1. */
    private int findEndTag(int from, String name) {
        int i = from;
        while (true) {
            int lt = indexOf("</", i);
            if (lt < 0) {
                return -1;
            }
            if (isEndTagAt(lt, name)) {
                return lt;
            }
            i = lt + 2;
        }
    }

    private boolean isEndTagAt(int lt, String name) {
        int after = lt + 2 + name.length();
        return startsWithIgnoreCase(lt + 2, name) && after < n && isTagNameEnd(src[after]);
    }

    private boolean isStartTagAt(int lt, String name) {
        int after = lt + 1 + name.length();
        return startsWithIgnoreCase(lt + 1, name) && after < n && isTagNameEnd(src[after]);
    }

    private static boolean isTagNameEnd(char c) {
        return c == '>' || c == '/' || isHtmlSpace(c);
    }

    /** The standard's script data states: inside {@code <!--}, a nested {@code <script>} hides the next {@code </script>}. */
    private int scriptEnd(int from) {
        char[] s = src;
        final int data = 0;
        final int escaped = 1;
        final int doubleEscaped = 2;
        int state = data;
        int dashes = 0;
        int i = from;
        while (i < n) {
            char c = s[i];
            if (state == data) {
                if (c == '<') {
                    if (isEndTagAt(i, "script")) {
                        return i;
                    }
                    if (startsWith(i, "<!--")) {
                        state = escaped;
                        dashes = 2;
                        i += 4;
                        continue;
                    }
                }
                i++;
                continue;
            }
            if (c == '-') {
                dashes++;
            } else if (c == '>' && dashes >= 2) {
                state = data;
                dashes = 0;
            } else if (c == '<') {
                dashes = 0;
                if (state == escaped) {
                    if (isEndTagAt(i, "script")) {
                        return i;
                    }
                    if (isStartTagAt(i, "script")) {
                        state = doubleEscaped;
                        i += 7;
                        continue;
                    }
                } else if (isEndTagAt(i, "script")) {
                    state = escaped;
                    i += 8;
                    continue;
                }
            } else {
                dashes = 0;
            }
            i++;
        }
        return n;
    }

    private int characterReference(int amp) {
        return characterReference(amp, n);
    }

    /** jsoup's character reference rules in text (numeric with Windows-1252 fix-ups, named with its base-entity prefix rule). */
    private int characterReference(int amp, int limit) {
        char[] s = src;
        int p = amp + 1;
        if (p >= limit) {
            text('&');
            return p;
        }
        char c = s[p];
        if (c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == ' ' || c == '<' || c == '&') {
            text('&');
            return p;
        }
        if (c == '#') {
            int q = p + 1;
            boolean hex = q < limit && (s[q] == 'x' || s[q] == 'X');
            if (hex) {
                q++;
            }
            int digitsStart = q;
            long value = 0;
            while (q < limit && Character.digit(s[q], hex ? 16 : 10) >= 0 && s[q] < 0x80) {
                if (value <= Integer.MAX_VALUE) {
                    value = value * (hex ? 16 : 10) + Character.digit(s[q], 16);
                }
                q++;
            }
            if (q == digitsStart) {
                text('&');
                return p;
            }
            if (q < limit && s[q] == ';') {
                q++;
            }
            int codepoint;
            if (value > 0x10FFFF) {
                codepoint = 0xFFFD;
            } else if (value >= 0x80 && value < 0xA0) {
                codepoint = WIN1252[(int) value - 0x80];
            } else {
                codepoint = (int) value;
            }
            textCodepoint(codepoint);
            return q;
        }
        int q = p;
        while (q < limit && ((s[q] >= 'a' && s[q] <= 'z') || (s[q] >= 'A' && s[q] <= 'Z') || Character.isLetter(s[q]))) {
            q++;
        }
        while (q < limit && s[q] >= '0' && s[q] <= '9') {
            q++;
        }
        boolean semicolon = q < limit && s[q] == ';';
        if (semicolon) {
            char common = commonEntity(p, q - p);
            if (common != 0) {
                text(common);
                return q + 1;
            }
        }
        String name = new String(s, p, q - p);
        if (!(Entities.isBaseNamedEntity(name) || (semicolon && Entities.isNamedEntity(name)))) {
            name = Entities.findPrefix(name);
            if (name.isEmpty()) {
                text('&');
                return p;
            }
            q = p + name.length();
        }
        if (q < limit && s[q] == ';') {
            q++;
        }
        int count = Entities.codepointsForName(name, codepoints);
        for (int k = 0; k < count; k++) {
            textCodepoint(codepoints[k]);
        }
        return q;
    }

    /** The most frequent entities, without building a string. */
    private char commonEntity(int at, int length) {
        char[] s = src;
        switch (length) {
            case 2:
                if (s[at + 1] == 't') {
                    return s[at] == 'l' ? '<' : s[at] == 'g' ? '>' : 0;
                }
                return 0;
            case 3:
                return s[at] == 'a' && s[at + 1] == 'm' && s[at + 2] == 'p' ? '&' : 0;
            case 4:
                if (s[at] == 'n' && s[at + 1] == 'b' && s[at + 2] == 's' && s[at + 3] == 'p') {
                    return '\u00a0';
                }
                return s[at] == 'q' && s[at + 1] == 'u' && s[at + 2] == 'o' && s[at + 3] == 't' ? '"' : 0;
            default:
                return 0;
        }
    }

    // ---- tree construction, as far as it moves chunk starts and word breaks ----

    /** Returns the content mode the element's content is read in (0 for ordinary markup). */
    private int processStartTag(Tag tag, boolean selfClosingTag) {
        byte namespace = stackNamespace[depth - 1];
        if (namespace != HTML && !isHtmlIntegrationPoint() && !FOREIGN_TO_HTML.contains(tag.name)) {
            insert(tag, namespace, isForeignBlock(tag.name, namespace));
            if (selfClosingTag) {
                pop();
            }
            return 0;
        }
        String name = tag.name;
        if (!bodyStarted && !tag.is(HEAD_CONTENT)) {
            bodyStarted = true;
        }
        if (tag == tagHtml || tag == tagHead || tag == tagBody || tag == tagFrameset) {
            return 0; // the document frame is implied; repeated or late frame tags are ignored
        }
        if (inSelect()) {
            if (tag == tagOption || tag == tagOptgroup) {
                if (current() == tagOption) {
                    pop();
                }
                if (tag == tagOptgroup && current() == tagOptgroup) {
                    pop();
                }
            } else if (tag == tagSelect || tag == tagInput || tag == tagKeygen || tag == tagTextarea) {
                popThrough(tagSelect);
                if (tag == tagSelect) {
                    return 0;
                }
            } else if (!tag.is(SCRIPT) && tag != tagTemplate) {
                return 0; // select holds options only: other tags are ignored
            }
        }
        if (tag.is(TABLE_PART)) {
            if (!inTable()) {
                return 0; // table structure outside a table is ignored
            }
            switch (name) {
                case "td", "th" -> closeCell();
                case "tr" -> popToTableBody(true);
                default -> popToTableBody(false);
            }
        } else if (tag == tagTable) {
            if (!quirks) {
                closePInButtonScope();
            }
        } else if (tag.is(LIST_ITEM)) {
            closeListItem(tag);
            closePInButtonScope();
        } else if (tag.is(HEADING)) {
            closePInButtonScope();
            if (current().is(HEADING)) {
                pop();
            }
        } else if (tag.is(CLOSES_P)) {
            closePInButtonScope();
        } else if (tag == tagButton) {
            if (inScope(tagButton, false, false)) {
                popThrough(tagButton);
            }
        } else if (tag == tagOption || tag == tagOptgroup) {
            if (current() == tagOption) {
                pop();
            }
        } else if (tag == tagSvg || tag == tagMath) {
            insert(tag, tag == tagSvg ? SVG : MATHML, true);
            if (selfClosingTag) {
                pop();
            }
            return 0;
        } else if (tag == tagBr) {
            blockSpace();
            return 0;
        } else if (tag == tagImage) {
            return 0;
        }
        insert(tag, HTML, tag.is(BLOCK));
        if (tag.is(VOID) || selfClosingTag) {
            pop(); // jsoup closes a self-closed element at once, so script, style and title then have no content
            return 0;
        }
        if (tag.is(RAWTEXT)) {
            return RAWTEXT;
        }
        if (tag.is(RCDATA)) {
            return RCDATA;
        }
        if (tag.is(SCRIPT)) {
            return SCRIPT;
        }
        if (tag.is(PLAINTEXT)) {
            return PLAINTEXT;
        }
        return 0;
    }

    private void processEndTag(Tag tag) {
        String name = tag.name;
        byte namespace = stackNamespace[depth - 1];
        if (namespace != HTML && tag != tagP && tag != tagBr) {
            // jsoup's foreign end tag: close the nearest same-named element, up to the first HTML element
            for (int i = depth - 1; i > 0; i--) {
                if (stack[i].sameName(tag)) {
                    while (depth > i) {
                        pop();
                    }
                    return;
                }
                if (stackNamespace[i - 1] == HTML) {
                    break;
                }
            }
        }
        if (tag == tagHtml || tag == tagBody) {
            return; // content after </body> still goes into body
        }
        if (tag == tagHead) {
            if (!bodyStarted) {
                blockSpace();
            }
            return;
        }
        if (tag == tagBr) {
            blockSpace(); // </br> is read as <br>
            return;
        }
        if (tag == tagP) {
            if (inScope(tagP, true, false)) {
                generateImpliedEndTags(tagP);
                popThrough(tagP);
            } else if (bodyStarted) {
                insert(tagP, HTML, true); // a stray </p> makes an empty p, and so starts a chunk
                pop();
            }
            return;
        }
        if (tag == tagLi) {
            if (inScope(tagLi, false, true)) {
                generateImpliedEndTags(tagLi);
                popThrough(tagLi);
            }
            return;
        }
        if (tag == tagDd || tag == tagDt) {
            if (inScope(tag, false, false)) {
                generateImpliedEndTags(tag);
                popThrough(tag);
            }
            return;
        }
        if (tag.is(HEADING)) {
            int at = headingInScope();
            if (at > 0) {
                while (depth > at) {
                    pop();
                }
            }
            return;
        }
        if (tag.is(SCOPED_CLOSER)) {
            if (inScope(tag, false, false)) {
                generateImpliedEndTags(null);
                popThrough(tag);
            }
            return;
        }
        if (tag == tagTable || tag.is(TABLE_PART)) {
            if (inTableScope(tag)) {
                popThrough(tag);
            }
            return;
        }
        if (tag == tagSelect) {
            if (inSelect()) {
                popThrough(tagSelect);
            }
            return;
        }
        if (tag == tagOption || tag == tagOptgroup) {
            if (current() == tag) {
                pop();
            }
            return;
        }
        if (tag.is(FORMATTING)) {
            closeFormatting(tag);
            return;
        }
        // any other end tag: close the nearest same-named element unless a special element comes first
        for (int i = depth - 1; i > 0; i--) {
            Tag open = stack[i];
            if (open.sameName(tag)) {
                generateImpliedEndTags(tag);
                while (depth > i) {
                    pop();
                }
                return;
            }
            if (open.is(SPECIAL) && stackNamespace[i] == HTML) {
                return;
            }
        }
    }

    /**
     * The adoption agency algorithm, as far as the stack of open elements goes: with a special element above the
     * formatting element, that element alone leaves the stack (its content stays put); otherwise it is popped to.
     */
    private void closeFormatting(Tag tag) {
        for (int i = depth - 1; i > 0; i--) {
            if (stack[i].sameName(tag)) {
                boolean specialAbove = false;
                for (int j = i + 1; j < depth; j++) {
                    specialAbove |= stack[j].is(SPECIAL);
                }
                if (!specialAbove) {
                    while (depth > i) {
                        pop();
                    }
                } else {
                    System.arraycopy(stack, i + 1, stack, i, depth - i - 1);
                    System.arraycopy(stackNamespace, i + 1, stackNamespace, i, depth - i - 1);
                    System.arraycopy(stackBlock, i + 1, stackBlock, i, depth - i - 1);
                    depth--;
                }
                return;
            }
            if (stack[i].is(SCOPE_BOUNDARY)) {
                return;
            }
        }
    }

    private void closeListItem(Tag tag) {
        for (int i = depth - 1; i > 0; i--) {
            Tag open = stack[i];
            boolean same = tag == tagLi ? open == tagLi : (open == tagDd || open == tagDt);
            if (same) {
                generateImpliedEndTags(open);
                while (depth > i) {
                    pop();
                }
                return;
            }
            if (open.is(SPECIAL) && !"address".equals(open.name) && !"div".equals(open.name) && open != tagP) {
                return;
            }
        }
    }

    private void closePInButtonScope() {
        if (inScope(tagP, true, false)) {
            generateImpliedEndTags(tagP);
            popThrough(tagP);
        }
    }

    private void closeCell() {
        for (int i = depth - 1; i > 0; i--) {
            String name = stack[i].name;
            if (name.equals("td") || name.equals("th")) {
                while (depth > i) {
                    pop();
                }
                return;
            }
            if (stack[i] == tagTable || stack[i] == tagHtml || stack[i] == tagTemplate) {
                return;
            }
        }
    }

    /** Back to the table (for tbody, thead, tfoot, caption, colgroup) or to the table body (for tr). */
    private void popToTableBody(boolean keepSection) {
        while (depth > 1) {
            Tag top = current();
            if (top == tagTable || top == tagTemplate || top == tagHtml) {
                return;
            }
            if (keepSection && (top.name.equals("tbody") || top.name.equals("thead") || top.name.equals("tfoot"))) {
                return;
            }
            pop();
        }
    }

    private boolean inTable() {
        for (int i = depth - 1; i > 0; i--) {
            if (stack[i] == tagTable) {
                return true;
            }
            if (stack[i] == tagTemplate) {
                return false;
            }
        }
        return false;
    }

    private boolean inSelect() {
        for (int i = depth - 1; i > 0; i--) {
            Tag open = stack[i];
            if (open == tagSelect) {
                return true;
            }
            if (open != tagOption && open != tagOptgroup) {
                return false;
            }
        }
        return false;
    }

    private boolean inTableScope(Tag tag) {
        for (int i = depth - 1; i >= 0; i--) {
            if (stack[i].sameName(tag)) {
                return true;
            }
            if (stack[i] == tagTable || stack[i] == tagHtml || stack[i] == tagTemplate) {
                return false;
            }
        }
        return false;
    }

    private boolean inScope(Tag tag, boolean buttonScope, boolean listScope) {
        for (int i = depth - 1; i >= 0; i--) {
            Tag open = stack[i];
            if (open.sameName(tag) && stackNamespace[i] == HTML) {
                return true;
            }
            if (stackNamespace[i] != HTML) {
                if (isForeignScopeBoundary(open.name, stackNamespace[i])) {
                    return false;
                }
                continue;
            }
            if (open.is(SCOPE_BOUNDARY) || (buttonScope && open == tagButton)
                    || (listScope && (open.name.equals("ol") || open.name.equals("ul")))) {
                return false;
            }
        }
        return false;
    }

    private int headingInScope() {
        for (int i = depth - 1; i > 0; i--) {
            if (stack[i].is(HEADING) && stackNamespace[i] == HTML) {
                return i;
            }
            if (stack[i].is(SCOPE_BOUNDARY)) {
                return -1;
            }
        }
        return -1;
    }

    private void generateImpliedEndTags(Tag except) {
        while (depth > 1 && current().impliedEnd && current() != except) {
            pop();
        }
    }

    private void popThrough(Tag tag) {
        while (depth > 1) {
            boolean found = current().sameName(tag);
            pop();
            if (found) {
                return;
            }
        }
    }

    private boolean isHtmlIntegrationPoint() {
        Tag top = current();
        byte namespace = stackNamespace[depth - 1];
        if (namespace == SVG) {
            return top.name.equals("foreignobject") || top.name.equals("desc") || top.name.equals("title");
        }
        return namespace == MATHML && (top.name.equals("mi") || top.name.equals("mo") || top.name.equals("mn")
                || top.name.equals("ms") || top.name.equals("mtext"));
    }

    private static boolean isForeignScopeBoundary(String name, byte namespace) {
        if (namespace == SVG) {
            return name.equals("foreignobject") || name.equals("desc") || name.equals("title");
        }
        return name.equals("mi") || name.equals("mo") || name.equals("mn") || name.equals("ms") || name.equals("mtext")
                || name.equals("annotation-xml");
    }

    /** In jsoup, svg and math are the only foreign block elements; every other foreign tag is inline. */
    private static boolean isForeignBlock(String name, byte namespace) {
        return namespace == SVG ? name.equals("svg") : name.equals("math");
    }

    private Tag current() {
        return stack[depth - 1];
    }

    private void insert(Tag tag, byte namespace, boolean block) {
        if (tag.chunkStart) {
            finishChunk();
        }
        if (block) {
            blockSpace();
        }
        push(tag, namespace);
        stackBlock[depth - 1] = block;
    }

    private void push(Tag tag, byte namespace) {
        if (depth == stack.length) {
            stack = java.util.Arrays.copyOf(stack, depth * 2);
            stackNamespace = java.util.Arrays.copyOf(stackNamespace, depth * 2);
            stackBlock = java.util.Arrays.copyOf(stackBlock, depth * 2);
        }
        stack[depth] = tag;
        stackNamespace[depth] = namespace;
        stackBlock[depth] = tag.is(BLOCK);
        depth++;
        textVisible = !tag.is(DATA);
    }

    private void pop() {
        if (depth <= 1) {
            return; // the root html element stays
        }
        depth--;
        if (stackBlock[depth]) {
            blockSpace();
        }
        textVisible = !stack[depth - 1].is(DATA);
    }

    private void startDocument() {
        if (!documentStarted) {
            documentStarted = true;
            quirks = true; // no doctype first: jsoup parses in quirks mode
        }
    }

    // ---- chunk text ----

    private void text(char c) {
        if (textVisible) {
            appendText(c);
        }
    }

    private void textCodepoint(int codepoint) {
        if (!textVisible) {
            return;
        }
        if (codepoint < Character.MIN_SUPPLEMENTARY_CODE_POINT) {
            appendText((char) codepoint);
        } else {
            appendText(Character.highSurrogate(codepoint));
            appendText(Character.lowSurrogate(codepoint));
        }
    }

    /** Appends with whitespace normalised on the fly, exactly as {@link WhitespaceNormalizer#normalize}. */
    private void appendText(char c) {
        if (c <= ' ' || (c >= 0x80 && WhitespaceNormalizer.isSpace(c))) {
            pendingSpace = textLength > 0;
            return;
        }
        if (textLength + 2 > text.length) {
            text = java.util.Arrays.copyOf(text, text.length * 2);
        }
        if (pendingSpace) {
            text[textLength++] = ' ';
            pendingSpace = false;
        }
        text[textLength++] = c;
    }

    private void blockSpace() {
        pendingSpace = textLength > 0;
    }

    private void finishChunk() {
        if (textLength > 0) {
            sink.chunk(text, textLength);
        }
        textLength = 0;
        pendingSpace = false;
    }

    // ---- names ----

    private Tag tagNamed(int start, int end) {
        long key = scannedKey;
        if (key != 0) {
            int mask = shortKeys.length - 1;
            for (int slot = shortSlot(key); shortKeys[slot] != 0; slot = (slot + 1) & mask) {
                if (shortKeys[slot] == key) {
                    return shortTags[slot];
                }
            }
        }
        int length = end - start;
        char[] lower = length <= nameBuffer.length ? nameBuffer : new char[length];
        char[] s = src;
        int h = 0;
        for (int i = 0; i < length; i++) {
            char c = s[start + i];
            c = c >= 'A' && c <= 'Z' ? (char) (c + 32) : c == 0 ? '\uFFFD' : c;
            lower[i] = c;
            h = 31 * h + c; // as hash()
        }
        Tag tag = lookup(lower, length, mix(h));
        if (tag != null) {
            return tag;
        }
        String name = new String(lower, 0, length).toLowerCase(Locale.ROOT);
        if (name.length() != length || !name.contentEquals(java.nio.CharBuffer.wrap(lower, 0, length))) {
            // a non-ASCII fold can land on a known name (the Kelvin sign K folds to k): that name's one instance
            Tag known = lookup(name.toCharArray(), name.length());
            if (known != null) {
                return known;
            }
        }
        if (cachedNames < MAX_CACHED_NAMES && name.length() == length) {
            return intern(name, 0);
        }
        return new Tag(name, 0, chunkTags.contains(name), false);
    }

    /** The one instance of a name the tree rules test for, interned when {@link HtmlTags} does not list it. */
    private Tag named(String name) {
        Tag tag = lookup(name.toCharArray(), name.length());
        return tag != null ? tag : intern(name, 0);
    }

    private Tag lookup(char[] name, int length) {
        return lookup(name, length, hash(name, length));
    }

    private Tag lookup(char[] name, int length, int hash) {
        int mask = names.length - 1;
        for (int slot = hash & mask; ; slot = (slot + 1) & mask) {
            Tag tag = names[slot];
            if (tag == null) {
                return null;
            }
            if (tag.chars.length == length && equal(tag.chars, name, length)) {
                return tag;
            }
        }
    }

    private Tag intern(String name, int flags) {
        Tag tag = new Tag(name, flags, chunkTags.contains(name), true);
        int mask = names.length - 1;
        int slot = hash(name.toCharArray(), name.length()) & mask;
        while (names[slot] != null) {
            slot = (slot + 1) & mask;
        }
        names[slot] = tag;
        cachedNames++;
        long key = shortKey(name);
        if (key != 0 && name.equals(name.toLowerCase(Locale.ROOT))) {
            int at = shortSlot(key);
            while (shortKeys[at] != 0) {
                at = (at + 1) & (shortKeys.length - 1);
            }
            shortKeys[at] = key;
            shortTags[at] = tag;
        }
        return tag;
    }

    private static boolean equal(char[] name, char[] chars, int length) {
        for (int i = 0; i < length; i++) {
            if (name[i] != chars[i]) {
                return false;
            }
        }
        return true;
    }

    private static int hash(char[] name, int length) {
        int h = 0;
        for (int i = 0; i < length; i++) {
            h = 31 * h + name[i];
        }
        return mix(h);
    }

    private static int mix(int h) {
        return h ^ (h >>> 16);
    }

    // ---- scanning ----

    /** Space, tab, LF, CR, FF as bits of a mask: one compare and one shift instead of five compares. */
    private static final long HTML_SPACES = (1L << ' ') | (1L << '\t') | (1L << '\n') | (1L << '\r') | (1L << '\f');

    private static boolean isHtmlSpace(char c) {
        return c <= ' ' && ((HTML_SPACES >>> c) & 1) != 0;
    }

    private static boolean isAsciiAlpha(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }

    private boolean startsWith(int at, String prefix) {
        if (at + prefix.length() > n) {
            return false;
        }
        for (int i = 0; i < prefix.length(); i++) {
            if (src[at + i] != prefix.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    /** {@code prefix} must be lower case. */
    private boolean startsWithIgnoreCase(int at, String prefix) {
        if (at + prefix.length() > n) {
            return false;
        }
        for (int i = 0; i < prefix.length(); i++) {
            char c = src[at + i];
            if ((c >= 'A' && c <= 'Z' ? (char) (c + 32) : c) != prefix.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    private int indexOf(char c, int from) {
        char[] s = src;
        for (int i = from; i < n; i++) {
            if (s[i] == c) {
                return i;
            }
        }
        return -1;
    }

    private int indexOf(String needle, int from) {
        char first = needle.charAt(0);
        for (int i = from; i + needle.length() <= n; i++) {
            if (src[i] == first && startsWith(i, needle)) {
                return i;
            }
        }
        return -1;
    }
}
