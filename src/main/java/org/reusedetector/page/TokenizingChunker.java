package org.reusedetector.page;

import static org.reusedetector.page.HtmlTags.BLOCK;
import static org.reusedetector.page.HtmlTags.CLOSES_P;
import static org.reusedetector.page.HtmlTags.DATA;
import static org.reusedetector.page.HtmlTags.FORMATTING;
import static org.reusedetector.page.HtmlTags.FRAME;
import static org.reusedetector.page.HtmlTags.HEADING;
import static org.reusedetector.page.HtmlTags.HEAD_CONTENT;
import static org.reusedetector.page.HtmlTags.HEAD_RULES;
import static org.reusedetector.page.HtmlTags.LIST_ITEM;
import static org.reusedetector.page.HtmlTags.NOT_FRAMESET_OK;
import static org.reusedetector.page.HtmlTags.PLAINTEXT;
import static org.reusedetector.page.HtmlTags.RAWTEXT;
import static org.reusedetector.page.HtmlTags.RCDATA;
import static org.reusedetector.page.HtmlTags.SCOPED_CLOSER;
import static org.reusedetector.page.HtmlTags.SCOPE_BOUNDARY;
import static org.reusedetector.page.HtmlTags.SCRIPT;
import static org.reusedetector.page.HtmlTags.SPECIAL;
import static org.reusedetector.page.HtmlTags.STAYS_IN_TABLE;
import static org.reusedetector.page.HtmlTags.TABLE_CONTEXT;
import static org.reusedetector.page.HtmlTags.TABLE_OR_TEMPLATE;
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
 * headings, tables (with foster parenting: what is written in a table outside its cells goes before the table),
 * select, template, frameset and foreign (SVG, MathML) content. Visible text is whitespace-normalised straight
 * into one reusable buffer that is handed to a {@link ChunkSink} at every chunk end.
 *
 * <p>The standard is the reference, jsoup a second opinion: the html5lib tree-construction tests check both
 * ({@code Html5libTreeConstructionTest}, which lists where the chunks follow the standard and not jsoup 1.18: text
 * written in a table outside its cells goes before the table, as elements do in jsoup; script data with a
 * {@code <script>} inside {@code <!--}; {@code isindex}; the tags a {@code noscript} in head may not hold; and a few
 * more). And at most {@link #MAX_DEPTH} elements are open: deeper,
 * each new element closes the deepest one first, where jsoup 1.18 nests without limit (and looks only so far down
 * its stack for some end tags). Every question the tree rules ask of the stack is answered in a few steps however
 * deep the nesting, so that time is linear in the page.
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
        0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008D,
                0x017D, 0x008F,
        0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D,
                0x017E, 0x0178
    };
    /** Start tags that leave SVG or MathML content for HTML (jsoup {@code InForeignToHtml}). */
    private static final Set<String> FOREIGN_TO_HTML = Set.of(
            "b",
            "big",
            "blockquote",
            "body",
            "br",
            "center",
            "code",
            "dd",
            "div",
            "dl",
            "dt",
            "em",
            "embed",
            "h1",
            "h2",
            "h3",
            "h4",
            "h5",
            "h6",
            "head",
            "hr",
            "i",
            "img",
            "li",
            "listing",
            "menu",
            "meta",
            "nobr",
            "ol",
            "p",
            "pre",
            "ruby",
            "s",
            "small",
            "span",
            "strike",
            "strong",
            "sub",
            "sup",
            "table",
            "tt",
            "u",
            "ul",
            "var");

    private static final Set<String> IMPLIED_END =
            Set.of("dd", "dt", "li", "optgroup", "option", "p", "rb", "rp", "rt", "rtc");
    private static final int MAX_CACHED_NAMES = 2048;

    /**
     * The most open elements, the root html among them: a start tag at this depth first closes the deepest open
     * element, so that the new element becomes its sibling, as jsoup does from 1.22 (browsers likewise attach elements
     * beyond a DOM depth of 512 as siblings). Pages nested less deeply chunk exactly as without a limit.
     */
    public static final int MAX_DEPTH = 512;

    // Kinds of stack entry, one bit each in Tag#kinds: each stack question of the tree rules ("is a p in button
    // scope?",
    // "is there a td above the nearest table?") compares the topmost entry of a name with the topmost entry of a kind.
    /** In the HTML namespace. */
    private static final int IS_HTML = 0;
    /** A scope boundary name in any namespace: it ends the search for a formatting element or an open heading. */
    private static final int IS_BOUNDARY = 1;
    /** Ends "has an element in scope": an HTML scope boundary, or an SVG or MathML integration point. */
    private static final int IS_SCOPE_LIMIT = 2;
    /** An HTML button: also ends button scope. */
    private static final int IS_BUTTON = 3;
    /** An HTML ol or ul: also ends list item scope. */
    private static final int IS_LIST = 4;
    /** A special name in any namespace: with one above it, a formatting element closed out of order leaves the stack alone. */
    private static final int IS_SPECIAL = 5;
    /** A special HTML element: an end tag of another name does not close past it. */
    private static final int IS_SPECIAL_HTML = 6;
    /** Special but not address, div or p: ends the search for an open li, dd or dt. */
    private static final int IS_LI_BREAKER = 7;
    /** table, html or template in any namespace: ends table scope and the search for an open cell. */
    private static final int IS_TABLE_CONTEXT = 8;
    /** An HTML h1-h6. */
    private static final int IS_HEADING = 9;

    private static final int KINDS = 10;

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
        /** The kinds of stack entry ({@link #IS_HTML}...) an element of this name is in each namespace, as bit sets. */
        private final int kindsHtml;

        private final int kindsSvg;
        private final int kindsMathml;
        /**
         * Index of the topmost stack entry of this name in the HTML namespace, and in SVG or MathML, or -1: the heads of
         * the chains through {@link #sameBelow}. Per chunker, as the tags are; may point at a dead entry (see {@link #kill}).
         */
        int topHtml = -1;

        int topForeign = -1;
        /** For raw-text and RCDATA names: no end tag of this name from {@link #noEndTagFrom} on, in page {@link #noEndTagPage}. */
        int noEndTagPage = -1;

        int noEndTagFrom;

        Tag(String name, int flags, boolean chunkStart, boolean interned) {
            this.name = name;
            this.interned = interned;
            this.chars = name.toCharArray();
            this.impliedEnd = IMPLIED_END.contains(name);
            this.flags = flags;
            this.chunkStart = chunkStart;
            this.kindsHtml = kinds(name, flags, HTML);
            this.kindsSvg = kinds(name, flags, SVG);
            this.kindsMathml = kinds(name, flags, MATHML);
        }

        boolean is(int flag) {
            return (flags & flag) != 0;
        }

        int kinds(byte namespace) {
            return namespace == HTML ? kindsHtml : namespace == SVG ? kindsSvg : kindsMathml;
        }

        /** What the stack questions of the tree rules test of an element of this name and namespace. */
        private static int kinds(String name, int flags, byte namespace) {
            boolean html = namespace == HTML;
            int kinds = 0;
            if (html) {
                kinds |= 1 << IS_HTML;
            }
            if ((flags & SCOPE_BOUNDARY) != 0) {
                kinds |= 1 << IS_BOUNDARY;
            }
            if (html ? (flags & SCOPE_BOUNDARY) != 0 : isForeignScopeBoundary(name, namespace)) {
                kinds |= 1 << IS_SCOPE_LIMIT;
            }
            if (html && name.equals("button")) {
                kinds |= 1 << IS_BUTTON;
            }
            if (html && (name.equals("ol") || name.equals("ul"))) {
                kinds |= 1 << IS_LIST;
            }
            if ((flags & SPECIAL) != 0) {
                kinds |= 1 << IS_SPECIAL;
                if (html) {
                    kinds |= 1 << IS_SPECIAL_HTML;
                }
                if (!name.equals("address") && !name.equals("div") && !name.equals("p")) {
                    kinds |= 1 << IS_LI_BREAKER;
                }
            }
            if (name.equals("table") || name.equals("html") || name.equals("template")) {
                kinds |= 1 << IS_TABLE_CONTEXT;
            }
            if (html && (flags & HEADING) != 0) {
                kinds |= 1 << IS_HEADING;
            }
            return kinds;
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
    private final Tag tagTd;
    private final Tag tagTh;
    private final Tag tagCol;
    private final Tag tagTr;
    private final Tag tagForm;
    private final Tag tagNoframes;

    // per page
    private char[] ownSource = new char[0];
    private char[] src = ownSource;
    private int n;
    private char[] text = new char[256];
    private int textLength;
    private boolean pendingSpace;
    private ChunkSink sink;
    private final int maxDepth;
    /** Names of this page that are not in the name table, one instance each, so that a name's entries form one chain. */
    private final Map<String, Tag> pageNames = new java.util.HashMap<>();

    private int page;
    // The stack of open elements. An entry taken out below the top (see kill) stays in the arrays, marked dead, until
    // the entries above it are popped; every question of the stack skips dead entries.
    private Tag[] stack = new Tag[64];
    private byte[] stackNamespace = new byte[64];
    private boolean[] stackBlock = new boolean[64];
    private boolean[] dead = new boolean[64];
    /** The next entry down of the same name and namespace class (HTML or foreign), or -1. */
    private int[] sameBelow = new int[64];
    /** A lower entry on the way to the nearest entry that is neither option nor optgroup (see {@link #inSelect}). */
    private int[] selectBase = new int[64];
    /** Dead entries in the arrays: while there are none (nearly always), the questions skip the checks for them. */
    private int deadEntries;
    /** Per kind, the indices of the stack entries of that kind, bottom to top; dead ones are dropped when they come on top. */
    private final int[][] kindEntries = new int[KINDS][64];

    private final int[] kindCounts = new int[KINDS];
    /** Entries below this index are in their kinds' lists; those above it not yet (see {@link #listKinds}). */
    private int kindsListed;

    private int depth;
    /**
     * Stack entries visited by pushes and by the questions' walks (pops never outnumber pushes): for tests, which
     * check that it grows with the number of tags and not with their nesting.
     */
    private long stackWork;

    /**
     * Per stack entry, where its content goes in document order: 0 where it is written, or the entry of the table
     * before which it was placed (foster parenting: an element written in a table but outside its cells).
     */
    private int[] location = new int[64];
    /** Per template entry, what its content turned out to be: {@link #UNDECIDED}, {@link #BODY_CONTENT}... */
    private byte[] templateMode = new byte[64];

    private static final byte UNDECIDED = 0;
    private static final byte BODY_CONTENT = 1;
    private static final byte TABLE_CONTENT = 2;
    /** A template whose content began with col: it holds columns and nothing else. */
    private static final byte COLUMNS = 3;

    // Foster parenting moves content written in a table, outside its cells, before the table, so before chunks and
    // text already read. While an HTML table is open, text is therefore kept in pieces: runs of the text buffer, each
    // written at one location, linked in document order. Content written before a table goes after the pieces written
    // there so far, which a pointer per location remembers. When the last table closes, the pieces are joined in
    // document order into chunks: the text written since the first table opened is copied out and back, the chunk it
    // opened in stays put.
    /** Pieces in use; 0 while no table is open (text goes straight into chunks). */
    private int pieces;
    /** The piece being written, its start in the text buffer, and whether it has had a space before any text. */
    private int piece;

    private int pieceStart;
    private boolean pieceLead;
    private int[] pieceBegin = new int[16];
    private int[] pieceEnd = new int[16];
    /** The next piece in document order, or -1. */
    private int[] pieceNext = new int[16];

    private byte[] pieceFlags = new byte[16];
    /** The piece starts a chunk. */
    private static final byte BREAK = 1;
    /** The piece had a space before its first character (or, empty, any space). */
    private static final byte LEAD = 2;
    /** The piece had a space after its last character. */
    private static final byte TRAIL = 4;
    /** Per location (0, or a table's entry): the last piece written there, after which the next one is linked. */
    private int[] lastPieceAt = new int[64];
    /** The location of the piece being written. */
    private int writeLocation;
    /** Open HTML tables. */
    private int openTables;
    /** The text written since the first table opened, while the pieces are joined back into {@link #text}. */
    private char[] joined = new char[256];
    /** Characters copied by joins since this chunker was made: for tests, which check that it grows with the page. */
    private long joinWork;

    private boolean textVisible;
    private boolean documentStarted;
    private boolean quirks;
    private boolean bodyStarted;
    /**
     * The standard's frameset-ok flag, but for text: none of the start tags that rule out frames has been read. Text
     * rules them out too: it is counted, as the characters of chunks less those of raw-text elements.
     */
    private boolean framesetOk;

    private long chunkChars;
    private long rawChars;
    /** A frameset replaced the body: only noframes content is text from here on. */
    private boolean framesetMode;

    private final char[] nameBuffer = new char[64];
    private boolean selfClosing;
    private final int[] codepoints = new int[2];

    public TokenizingChunker(Set<String> chunkTags) {
        this(chunkTags, MAX_DEPTH);
    }

    /** With another depth limit than {@link #MAX_DEPTH} (at least 2; {@code Integer.MAX_VALUE} for none). */
    TokenizingChunker(Set<String> chunkTags, int maxDepth) {
        if (maxDepth < 2) {
            throw new IllegalArgumentException("maxDepth must be at least 2: " + maxDepth);
        }
        this.maxDepth = maxDepth;
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
        tagTd = named("td");
        tagTh = named("th");
        tagCol = named("col");
        tagTr = named("tr");
        tagForm = named("form");
        tagNoframes = named("noframes");
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
        clearStack();
        documentStarted = false;
        quirks = false;
        bodyStarted = false;
        framesetOk = true;
        framesetMode = false;
        chunkChars = 0;
        rawChars = 0;
        pieces = 0;
        pieceStart = 0;
        pieceLead = false;
        writeLocation = 0;
        openTables = 0;
        push(tagHtml, HTML, 0);
        try {
            run();
            if (pieces > 0) {
                joinPieces(); // tables left open at the end of the page
            }
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
        int i = from;
        if (pieces != 0) { // a table is open (kept apart so that this method stays small enough to inline)
            i = pieceRunStart(from);
            if (i < 0) {
                return ~i;
            }
        }
        int capacity = textLength + (end - i) + 2; // room for the rest of the page, a pending space and one spare store
        if (capacity > text.length) {
            text = java.util.Arrays.copyOf(text, Math.max(capacity, text.length * 2));
        }
        char[] out = text;
        int length = textLength;
        int base = pieceStart;
        int space = pendingSpace ? 1 : 0;
        for (; i < end; i++) {
            char c = s[i];
            if (c >= 0x80 || c == '<' || c == '&') { // rare, so well predicted
                if (c < 0x80) {
                    break;
                }
                if (WhitespaceNormalizer.isSpace(c)) {
                    space = length > base ? 1 : 0;
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
            space = (length > base ? 1 : 0) & (visible ^ 1);
        }
        textLength = length;
        pendingSpace = space != 0;
        return i;
    }

    /**
     * The start of a text run while a table is open. Leading whitespace is a space only between words, so at the start
     * of a piece it is noted, not written; and whitespace alone in a table stays in the table, where text with it goes
     * before the table. Returns where the run goes on, or its complement where the run ends.
     */
    private int pieceRunStart(int from) {
        int at = textLocation();
        if (textLength != pieceStart && at == writeLocation) {
            return from;
        }
        char[] s = src;
        int i = from;
        while (i < n && isSpace(s[i])) {
            i++;
        }
        if (i == n || s[i] == '<') {
            if (i > from) {
                space();
            }
            return ~i;
        }
        if (at != writeLocation) {
            moveTo(at);
        }
        if (i > from) {
            space();
        }
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
            quirks = i == nameStart
                    || !new String(s, nameStart, i - nameStart)
                            .toLowerCase(Locale.ROOT)
                            .equals("html");
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
        if (mode == SCRIPT) {
            return scriptEnd(from);
        }
        long before = chunkChars + textLength;
        int end = rawText(from, tag, mode);
        rawChars += chunkChars + textLength - before; // text of raw-text elements leaves a frameset possible
        return end;
    }

    private int rawText(int from, Tag tag, int mode) {
        char[] s = src;
        if (mode == PLAINTEXT) {
            for (int i = from; i < n; i++) {
                text(s[i] == 0 ? '\uFFFD' : s[i]);
            }
            return n;
        }
        int end = endTagAfter(from, tag);
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

    /**
     * As {@link #findEndTag}, remembering per name where none follows: an RCDATA element with no end tag ends at the
     * next start tag, so that a page of unclosed titles would otherwise be searched to its end once per title.
     */
    private int endTagAfter(int from, Tag tag) {
        if (tag.noEndTagPage == page && from >= tag.noEndTagFrom) {
            return -1;
        }
        int end = findEndTag(from, tag.name);
        if (end < 0) {
            tag.noEndTagPage = page;
            tag.noEndTagFrom = from;
        }
        return end;
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
        while (q < limit
                && ((s[q] >= 'a' && s[q] <= 'z') || (s[q] >= 'A' && s[q] <= 'Z') || Character.isLetter(s[q]))) {
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
        if (framesetMode && tag != tagNoframes) {
            return 0; // a frameset holds frames, and noframes the only text
        }
        byte namespace = stackNamespace[depth - 1];
        if (namespace != HTML && !isHtmlIntegrationPoint() && !FOREIGN_TO_HTML.contains(tag.name)) {
            if (tag == tagSvg && namespace == MATHML && current().name.equals("annotation-xml")) {
                namespace = SVG; // the one way from MathML into SVG
            }
            insert(tag, namespace, isForeignBlock(tag.name, namespace));
            if (selfClosingTag) {
                pop();
            }
            return 0;
        }
        String name = tag.name;
        boolean bodyWasStarted = bodyStarted;
        if (!bodyStarted && !tag.is(HEAD_CONTENT)) {
            bodyStarted = true;
        }
        if (tag.is(NOT_FRAMESET_OK)) {
            framesetOk = false;
        }
        // The rare cases are methods of their own, so that the compiler inlines the common path of this one whole.
        if (tagTemplate.topHtml >= 0 && templateIgnores(tag)) {
            return 0;
        }
        if (tag.is(FRAME)) {
            frameStartTag(tag, bodyWasStarted);
            return 0; // the document frame is implied; repeated or late frame tags are ignored
        }
        if (inSelect() && selectIgnores(tag)) {
            return 0;
        }
        if (tag.is(TABLE_PART)) {
            if (!tablePartsAllowed()) {
                return 0; // table structure outside a table is ignored
            }
            switch (name) {
                case "td", "th" -> {
                    closeCell();
                    if (current() != tagTr) { // a cell in a row: the common case
                        popToTableBody(true, true);
                    }
                }
                case "tr" -> popToTableBody(true, false);
                default -> popToTableBody(false, false);
            }
        } else if (tag == tagTable) {
            if (inTableMode() && !endTableForTable()) {
                return 0;
            }
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
            if (tag == tagForm && current().is(TABLE_CONTEXT) && stackNamespace[depth - 1] == HTML) {
                return 0; // a form in a table outside its cells is empty (and so changes no chunk)
            }
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
            blockSpace(insertionLocation(tag));
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

    /** A start tag in a template: its first element decides what it holds (table structure, columns or body content). */
    private boolean templateIgnores(Tag tag) {
        int template = depth - 1;
        if (stack[template] != tagTemplate || stackNamespace[template] != HTML) {
            return false;
        }
        if (templateMode[template] == UNDECIDED && !tag.is(HEAD_RULES)) {
            templateMode[template] = tag == tagCol ? COLUMNS : tag.is(TABLE_PART) ? TABLE_CONTENT : BODY_CONTENT;
        }
        return templateMode[template] == COLUMNS && tag != tagCol && tag != tagTemplate;
    }

    /**
     * html, head, body or frameset: before the body, or when the body has no text and no element that rules frames
     * out, a frameset replaces the body (not in a template); the rest are ignored.
     */
    private void frameStartTag(Tag tag, boolean bodyWasStarted) {
        if (tag == tagFrameset
                && chunkChars + textLength == rawChars
                && (framesetOk || !bodyWasStarted)
                && topHtml(tagTemplate) < 0) {
            while (depth > 1) {
                pop();
            }
            framesetMode = true;
            topChanged();
        }
    }

    /** A start tag in a select: it holds options only, and in a table ends at table structure. */
    private boolean selectIgnores(Tag tag) {
        if ((tag == tagTable || tag.is(TABLE_PART)) && inTable()) {
            popThrough(tagSelect); // the table structure is then read as such
        } else if (tag == tagOption || tag == tagOptgroup) {
            if (current() == tagOption) {
                pop();
            }
            if (tag == tagOptgroup && current() == tagOptgroup) {
                pop();
            }
        } else if (tag == tagSelect || tag == tagInput || tag == tagKeygen || tag == tagTextarea) {
            popThrough(tagSelect);
            return tag == tagSelect;
        } else {
            return !tag.is(SCRIPT) && tag != tagTemplate; // other tags are ignored
        }
        return false;
    }

    /** A table start tag in a table ends that table, and starts the next; returns false if it is ignored. */
    private boolean endTableForTable() {
        if (!inTableScope(tagTable)) {
            return false;
        }
        popThrough(tagTable);
        return true;
    }

    private void processEndTag(Tag tag) {
        if (framesetMode) {
            if (tag == tagNoframes && current() == tagNoframes) {
                pop();
            }
            return;
        }
        String name = tag.name;
        byte namespace = stackNamespace[depth - 1];
        if (namespace != HTML && tag != tagP && tag != tagBr) {
            // jsoup's foreign end tag: close the nearest same-named element, up to the first HTML element
            int at = topAny(tag);
            if (at > 0 && at > topmost(IS_HTML)) {
                while (depth > at) {
                    pop();
                }
                return;
            }
        }
        if (tag == tagHtml || tag == tagBody) {
            return; // content after </body> still goes into body
        }
        if (tag == tagHead) {
            if (!bodyStarted) {
                blockSpace(location[depth - 1]);
            }
            return;
        }
        if (tag == tagBr) {
            blockSpace(insertionLocation(tag)); // </br> is read as <br>, which starts the body
            framesetOk = false;
            bodyStarted = true;
            return;
        }
        if (tag == tagTemplate) {
            if (topHtml(tagTemplate) > 0) {
                generateImpliedEndTags(null);
                popThrough(tagTemplate);
            }
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
        if (current() == tag) {
            pop(); // the common case, and what the rest does with it
            return;
        }
        int at = topAny(tag);
        if (at > 0 && at >= topmost(IS_SPECIAL_HTML)) {
            generateImpliedEndTags(tag);
            while (depth > at) {
                pop();
            }
        }
    }

    /**
     * The adoption agency algorithm, as far as the stack of open elements goes: with a special element above the
     * formatting element, that element alone leaves the stack (its content stays put); otherwise it is popped to.
     */
    private void closeFormatting(Tag tag) {
        if (current() == tag) {
            pop(); // the common case, and what the rest does with it
            return;
        }
        int at = topAny(tag);
        if (at <= 0 || at < topmost(IS_BOUNDARY)) {
            return; // not open, or not in scope
        }
        if (topmost(IS_SPECIAL) > at) {
            kill(at);
        } else {
            while (depth > at) {
                pop();
            }
        }
    }

    private void closeListItem(Tag tag) {
        int at = tag == tagLi ? topAny(tagLi) : Math.max(topAny(tagDd), topAny(tagDt));
        if (at > 0 && at >= topmost(IS_LI_BREAKER)) {
            generateImpliedEndTags(stack[at]);
            while (depth > at) {
                pop();
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
        int at = Math.max(topAny(tagTd), topAny(tagTh));
        if (at > 0 && at > topmost(IS_TABLE_CONTEXT)) {
            while (depth > at) {
                pop();
            }
        }
    }

    /**
     * Back to the table (for tbody, thead, tfoot, caption, colgroup), to the table body (for tr) or to the row (for a
     * cell): what was written in between, even placed before the table, ends there.
     */
    private void popToTableBody(boolean keepSection, boolean keepRow) {
        while (depth > 1) {
            Tag top = current();
            if (top == tagTable || top == tagTemplate || top == tagHtml) {
                return;
            }
            if (keepSection && (top.name.equals("tbody") || top.name.equals("thead") || top.name.equals("tfoot"))) {
                return;
            }
            if (keepRow && top == tagTr) {
                return;
            }
            pop();
        }
    }

    /** A table is open, and no template above it. */
    private boolean inTable() {
        int table = topAny(tagTable);
        return table > 0 && table > topAny(tagTemplate);
    }

    /** The current element is a select, or options and optgroups (in any namespace) lead down to one. */
    private boolean inSelect() {
        Tag top = current();
        if (top != tagOption && top != tagOptgroup) {
            return top == tagSelect; // the common case: no walk
        }
        int base = selectBase(depth - 1);
        return base > 0 && stack[base] == tagSelect;
    }

    /**
     * The topmost entry at or below {@code entry} that is live and neither option nor optgroup. The walk follows
     * {@link #selectBase} and points every entry it passes straight at the answer (path compression): an entry it
     * passes stays one to pass (options and dead entries stay so while they are on the stack), and a later walk
     * from above reaches the answer in a step, so that a tall stack of options costs one walk, not one per tag.
     */
    private int selectBase(int entry) {
        int base = entry;
        while (passedInSelect(base)) {
            base = selectBase[base];
            stackWork++;
        }
        while (entry != base) {
            int next = selectBase[entry];
            selectBase[entry] = base;
            entry = next;
        }
        return base;
    }

    private boolean passedInSelect(int entry) {
        return dead[entry] || stack[entry] == tagOption || stack[entry] == tagOptgroup;
    }

    /** The table-scope question: an element of this name is open, and no table, html or template above it. */
    private boolean inTableScope(Tag tag) {
        int at = topAny(tag);
        return at >= 0 && at >= topmost(IS_TABLE_CONTEXT);
    }

    /** The standard's "has an element in scope" (or in button or list item scope), for an HTML element of this name. */
    private boolean inScope(Tag tag, boolean buttonScope, boolean listScope) {
        int at = topHtml(tag);
        if (at == depth - 1) {
            return true; // the current element (the common case)
        }
        if (at < 0) {
            return false;
        }
        int limit = topmost(IS_SCOPE_LIMIT);
        if (buttonScope) {
            limit = Math.max(limit, topmost(IS_BUTTON));
        }
        if (listScope) {
            limit = Math.max(limit, topmost(IS_LIST));
        }
        return at >= limit; // an element that is itself a limit is in scope
    }

    private int headingInScope() {
        int at = topmost(IS_HEADING);
        return at > 0 && at > topmost(IS_BOUNDARY) ? at : -1;
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
        return namespace == MATHML
                && (top.name.equals("mi")
                        || top.name.equals("mo")
                        || top.name.equals("mn")
                        || top.name.equals("ms")
                        || top.name.equals("mtext"));
    }

    private static boolean isForeignScopeBoundary(String name, byte namespace) {
        if (namespace == SVG) {
            return name.equals("foreignobject") || name.equals("desc") || name.equals("title");
        }
        return name.equals("mi")
                || name.equals("mo")
                || name.equals("mn")
                || name.equals("ms")
                || name.equals("mtext")
                || name.equals("annotation-xml");
    }

    /** In jsoup, svg and math are the only foreign block elements; every other foreign tag is inline. */
    private static boolean isForeignBlock(String name, byte namespace) {
        return namespace == SVG ? name.equals("svg") : name.equals("math");
    }

    // ---- the stack of open elements ----
    //
    // The tree rules ask the stack questions that a walk down from the current element answers ("is a p in button
    // scope?": is there a p before a button or a scope boundary?). A page can open elements without closing them, so a
    // walk per tag made the time quadratic in the nesting. Each question compares the topmost entry of a name (the
    // head of its chain through sameBelow) with the topmost entry of a kind (the top of its kindEntries): both change
    // only when an entry is pushed or popped, so a question costs a few reads. MAX_DEPTH bounds the arrays.

    private Tag current() {
        return stack[depth - 1];
    }

    private void insert(Tag tag, byte namespace, boolean block) {
        if (depth >= maxDepth) {
            pop(); // see MAX_DEPTH
        }
        int at = pieces == 0 ? 0 : insertionLocation(tag); // with no table open, everything stays in place
        boolean table = tag.is(TABLE_OR_TEMPLATE) && tag == tagTable && namespace == HTML;
        int before = 0;
        if (table) {
            // what is later placed before this table goes after the pieces written at its location so far
            if (pieces == 0) {
                startPieces();
            }
            before = lastPieceAt[at];
            startPiece(at, false);
        }
        if (tag.chunkStart) {
            chunkBreak(at);
        }
        if (block) {
            blockSpace(at);
        }
        push(tag, namespace, at);
        stackBlock[depth - 1] = block;
        if (table) {
            lastPieceAt[depth - 1] = before;
        }
    }

    /**
     * Where an element started now goes: where the current element's content goes, or, when the current element
     * holds table structure and the element is not part of it, before the table (foster parenting).
     */
    private int insertionLocation(Tag tag) {
        int top = depth - 1;
        if (stack[top].is(TABLE_CONTEXT) && stackNamespace[top] == HTML && !tag.is(STAYS_IN_TABLE)) {
            return fosterLocation(top);
        }
        return location[top];
    }

    /** Before the topmost table; in a template's table structure, at the end of the template's content. */
    private int fosterLocation(int top) {
        int table = topHtml(tagTable);
        return table > 0 && table > topHtml(tagTemplate) ? table : location[top];
    }

    /**
     * The insertion mode is one of the table's own: the current element holds table structure, or was placed before
     * the table (and is not in a template opened since).
     */
    private boolean inTableMode() {
        int top = depth - 1;
        if (stack[top].is(TABLE_CONTEXT) && stackNamespace[top] == HTML) {
            return true;
        }
        return location[top] != 0 && location[top] > topHtml(tagTemplate);
    }

    /** Table structure is read in a table (with no template above it) or in a template that began with it. */
    private boolean tablePartsAllowed() {
        int table = topAny(tagTable);
        int template = topHtml(tagTemplate);
        if (table > template) {
            return table > 0;
        }
        return template > 0 && templateMode[template] >= TABLE_CONTENT;
    }

    private void push(Tag tag, byte namespace, int at) {
        if (depth == stack.length) {
            growStack();
        }
        int entry = depth;
        stack[entry] = tag;
        stackNamespace[entry] = namespace;
        stackBlock[entry] = tag.is(BLOCK);
        if (tag == tagOption || tag == tagOptgroup) {
            selectBase[entry] = entry - 1; // read only for the entries inSelect passes (dead ones get theirs in kill)
        }
        if (namespace == HTML) {
            sameBelow[entry] = tag.topHtml;
            tag.topHtml = entry;
        } else {
            sameBelow[entry] = tag.topForeign;
            tag.topForeign = entry;
        }
        location[entry] = at;
        if (tag.is(TABLE_OR_TEMPLATE)) {
            if (tag == tagTemplate) {
                templateMode[entry] = UNDECIDED;
            } else if (namespace == HTML) {
                openTables++;
            }
        }
        depth = entry + 1;
        stackWork++;
        topChanged();
    }

    private void pop() {
        if (depth <= 1) {
            return; // the root html element stays
        }
        depth--;
        release(depth);
        if (stackBlock[depth]) {
            blockSpace(location[depth]);
        }
        while (deadEntries != 0 && dead[depth - 1]) { // the root is never dead
            depth--;
            deadEntries--;
            dead[depth] = false; // so that a push need not clear it
            release(depth);
        }
        topChanged();
    }

    /** Whether the current element's text is visible, and where it goes. */
    private void topChanged() {
        int top = depth - 1;
        Tag tag = stack[top];
        textVisible = !tag.is(DATA);
        if (framesetMode || tag.is(TABLE_OR_TEMPLATE)) {
            rareTop(top, tag);
        }
    }

    private void rareTop(int top, Tag tag) {
        if (framesetMode) {
            textVisible = tag == tagNoframes;
        } else if (tag == tagTemplate && templateMode[top] == COLUMNS) {
            textVisible = false; // columns hold no text
        }
    }

    /**
     * Where text goes now: where the current element's content goes, or before the table when the current element
     * holds table structure. Asked when text comes, not at every push and pop, as most tags in a table hold none.
     */
    private int textLocation() {
        int top = depth - 1;
        if (stack[top].is(TABLE_CONTEXT) && stackNamespace[top] == HTML) {
            return fosterLocation(top);
        }
        return location[top];
    }

    /** Takes the entry, the topmost in the arrays, out of its name's chain and its kinds' lists (unless a question did). */
    private void release(int entry) {
        Tag tag = stack[entry];
        byte namespace = stackNamespace[entry];
        if (namespace == HTML) {
            if (tag.topHtml == entry) {
                tag.topHtml = sameBelow[entry];
            }
            if (tag.is(TABLE_OR_TEMPLATE) && tag == tagTable && --openTables == 0 && pieces > 0) {
                joinPieces(); // the last table closed: nothing more can be placed before it
            }
        } else if (tag.topForeign == entry) {
            tag.topForeign = sameBelow[entry];
        }
        if (kindsListed > entry) {
            kindsListed = entry;
            for (int kinds = tag.kinds(namespace); kinds != 0; kinds &= kinds - 1) {
                int kind = Integer.numberOfTrailingZeros(kinds);
                int count = kindCounts[kind];
                if (count > 0 && kindEntries[kind][count - 1] == entry) {
                    kindCounts[kind] = count - 1;
                }
            }
        }
    }

    /**
     * Adds the entries pushed since the last question of kinds to the kinds' lists. Most elements of a page are
     * pushed and popped with no such question in between (the common ones are answered from the name chains and
     * the current element), so they are listed lazily; an entry is listed at most once.
     */
    private void listKinds() {
        for (int entry = kindsListed; entry < depth; entry++) {
            for (int kinds = stack[entry].kinds(stackNamespace[entry]); kinds != 0; kinds &= kinds - 1) {
                int kind = Integer.numberOfTrailingZeros(kinds);
                kindEntries[kind][kindCounts[kind]++] = entry;
            }
        }
        stackWork += depth - kindsListed;
        kindsListed = depth;
    }

    /**
     * Takes an entry below the top out of the stack, as the adoption agency does with a formatting element that
     * has a special element above it: the entry is marked dead, and the questions and pops pass over it. Shifting
     * the entries above it down instead would cost their number, again at every such end tag.
     */
    private void kill(int entry) {
        dead[entry] = true;
        selectBase[entry] = entry - 1;
        deadEntries++;
        stackWork++;
    }

    /** The topmost live entry of the kind, or -1; dead entries that come on top of the kind's list are dropped for good. */
    private int topmost(int kind) {
        if (kindsListed < depth) {
            listKinds();
        }
        int[] entries = kindEntries[kind];
        int count = kindCounts[kind];
        if (deadEntries != 0) {
            while (count > 0 && dead[entries[count - 1]]) {
                count--;
                stackWork++;
            }
            kindCounts[kind] = count;
        }
        return count > 0 ? entries[count - 1] : -1;
    }

    /** The topmost live HTML entry of this name, or -1. */
    private int topHtml(Tag tag) {
        int entry = tag.topHtml;
        if (deadEntries != 0) {
            while (entry >= 0 && dead[entry]) {
                entry = sameBelow[entry];
                stackWork++;
            }
            tag.topHtml = entry;
        }
        return entry;
    }

    /** The topmost live SVG or MathML entry of this name, or -1. */
    private int topForeign(Tag tag) {
        int entry = tag.topForeign;
        if (deadEntries != 0) {
            while (entry >= 0 && dead[entry]) {
                entry = sameBelow[entry];
                stackWork++;
            }
            tag.topForeign = entry;
        }
        return entry;
    }

    /** The topmost live entry of this name in any namespace, or -1. */
    private int topAny(Tag tag) {
        return Math.max(topHtml(tag), topForeign(tag));
    }

    private void growStack() {
        int length = (int) Math.min((long) maxDepth, 2L * stack.length);
        stack = java.util.Arrays.copyOf(stack, length);
        stackNamespace = java.util.Arrays.copyOf(stackNamespace, length);
        stackBlock = java.util.Arrays.copyOf(stackBlock, length);
        dead = java.util.Arrays.copyOf(dead, length);
        sameBelow = java.util.Arrays.copyOf(sameBelow, length);
        selectBase = java.util.Arrays.copyOf(selectBase, length);
        location = java.util.Arrays.copyOf(location, length);
        templateMode = java.util.Arrays.copyOf(templateMode, length);
        lastPieceAt = java.util.Arrays.copyOf(lastPieceAt, length);
        for (int kind = 0; kind < KINDS; kind++) {
            kindEntries[kind] = java.util.Arrays.copyOf(kindEntries[kind], length);
        }
    }

    /** Empties the stack of the previous page (which may have ended anywhere, even in an exception from the sink). */
    private void clearStack() {
        for (int i = 0; i < stack.length && i <= depth && stack[i] != null; i++) {
            stack[i].topHtml = -1;
            stack[i].topForeign = -1;
        }
        if (deadEntries != 0) {
            java.util.Arrays.fill(dead, false);
        }
        java.util.Arrays.fill(kindCounts, 0);
        kindsListed = 0;
        depth = 0;
        deadEntries = 0;
        page++;
        if (!pageNames.isEmpty()) {
            pageNames.clear();
        }
    }

    /** Characters copied to join pieces since this chunker was made (see {@link #joinWork}). */
    long joinWork() {
        return joinWork;
    }

    /** Stack entries visited since this chunker was made (see {@link #stackWork}). */
    long stackWork() {
        return stackWork;
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
            if (pieces != 0 && !isSpace(c)) {
                relocate();
            }
            appendText(c);
        }
    }

    /** A table is open: text may go elsewhere than the piece being written (whitespace alone stays, see {@link #pieceRunStart}). */
    private void relocate() {
        int at = textLocation();
        if (at != writeLocation) {
            moveTo(at);
        }
    }

    private void textCodepoint(int codepoint) {
        if (!textVisible) {
            return;
        }
        if (pieces != 0) {
            relocate();
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
        if (isSpace(c)) {
            space();
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

    private static boolean isSpace(char c) {
        return c <= ' ' || (c >= 0x80 && WhitespaceNormalizer.isSpace(c));
    }

    /** Whitespace in the piece being written: a space before the next word, or (none yet) before the piece. */
    private void space() {
        if (textLength > pieceStart) {
            pendingSpace = true;
        } else {
            pieceLead = true;
        }
    }

    /** The start or end of a block element whose content goes to {@code at}: its words stay apart from others. */
    private void blockSpace(int at) {
        if (pieces == 0) {
            pendingSpace = textLength > 0; // the common case: no table open, so one chunk being written
        } else {
            blockSpaceInPieces(at);
        }
    }

    private void blockSpaceInPieces(int at) {
        if (at != writeLocation) {
            moveTo(at);
        }
        space();
    }

    /** A chunk element starts at {@code at}. */
    private void chunkBreak(int at) {
        if (pieces == 0) {
            finishChunk();
        } else {
            startPiece(at, true);
        }
    }

    private void finishChunk() {
        if (textLength > 0) {
            sink.chunk(text, textLength);
            chunkChars += textLength;
        }
        textLength = 0;
        pendingSpace = false;
        pieceLead = false;
    }

    // ---- pieces (see the fields) ----

    /** A table opens: the chunk so far becomes the first piece, written in place. */
    private void startPieces() {
        pieces = 1;
        piece = 0;
        pieceBegin[0] = 0;
        pieceFlags[0] = 0;
        pieceNext[0] = -1;
        pieceStart = 0;
        lastPieceAt[0] = 0;
        writeLocation = 0;
    }

    /** Goes on writing at location {@code at}, after what was written there so far. */
    private void moveTo(int at) {
        startPiece(at, false);
    }

    private void startPiece(int at, boolean chunkStart) {
        pieceEnd[piece] = textLength;
        pieceFlags[piece] |= (byte) ((pieceLead ? LEAD : 0) | (pendingSpace ? TRAIL : 0));
        if (pieces == pieceBegin.length) {
            int length = 2 * pieces;
            pieceBegin = java.util.Arrays.copyOf(pieceBegin, length);
            pieceEnd = java.util.Arrays.copyOf(pieceEnd, length);
            pieceNext = java.util.Arrays.copyOf(pieceNext, length);
            pieceFlags = java.util.Arrays.copyOf(pieceFlags, length);
        }
        int after = lastPieceAt[at];
        int p = pieces++;
        pieceBegin[p] = textLength;
        pieceFlags[p] = chunkStart ? BREAK : 0;
        pieceNext[p] = pieceNext[after];
        pieceNext[after] = p;
        lastPieceAt[at] = p;
        piece = p;
        pieceStart = textLength;
        pieceLead = false;
        pendingSpace = false;
        writeLocation = at;
    }

    /**
     * The last table closed: the pieces, in document order, become chunks, handed to the sink but for the last,
     * which stays the chunk being written. Whitespace between pieces is one space between words, as within one. The
     * first piece (the chunk the first table opened in) stays where it is, as nothing goes before it: the text of a
     * long chunk is not copied again for each small table in it.
     */
    private void joinPieces() {
        pieceEnd[piece] = textLength;
        pieceFlags[piece] |= (byte) ((pieceLead ? LEAD : 0) | (pendingSpace ? TRAIL : 0));
        int prefix = pieceEnd[0];
        int region = textLength - prefix;
        if (joined.length < region) {
            joined = new char[Math.max(region, 2 * joined.length)];
        }
        System.arraycopy(text, prefix, joined, 0, region);
        joinWork += region;
        if (text.length < textLength + pieces) {
            text = java.util.Arrays.copyOf(text, Math.max(textLength + pieces, 2 * text.length));
        }
        char[] out = text;
        int length = prefix;
        boolean space = (pieceFlags[0] & (prefix > 0 ? TRAIL : LEAD)) != 0;
        for (int p = pieceNext[0]; p >= 0; p = pieceNext[p]) {
            int flags = pieceFlags[p];
            if ((flags & BREAK) != 0) {
                if (length > 0) {
                    sink.chunk(out, length);
                    chunkChars += length;
                }
                length = 0;
                space = false;
            }
            int count = pieceEnd[p] - pieceBegin[p];
            if (count > 0) {
                if ((space || (flags & LEAD) != 0) && length > 0) {
                    out[length++] = ' ';
                }
                System.arraycopy(joined, pieceBegin[p] - prefix, out, length, count);
                length += count;
                space = (flags & TRAIL) != 0;
            } else {
                space |= (flags & LEAD) != 0;
            }
        }
        textLength = length;
        pendingSpace = space && length > 0;
        pieceLead = false;
        pieces = 0;
        pieceStart = 0;
        writeLocation = 0;
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
        Tag own = pageNames.isEmpty() ? null : pageNames.get(name);
        if (own != null) {
            return own;
        }
        if (cachedNames < MAX_CACHED_NAMES && name.length() == length) {
            return intern(name, 0);
        }
        own = new Tag(name, 0, chunkTags.contains(name), false);
        pageNames.put(name, own);
        return own;
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
