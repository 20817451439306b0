package org.reusedetector.page;

import java.util.HashMap;
import java.util.Map;

/**
 * What the tokenizing chunker needs to know about HTML element names: jsoup 1.18's block set (which decides
 * where words of adjacent elements are kept apart) and the tree-construction classes of the HTML standard
 * that decide which tags close, or are ignored, and so move text or chunk starts.
 */
final class HtmlTags {

    static final int BLOCK = 1;
    static final int VOID = 1 << 1;
    /** The standard's "special" category: an end tag of another element does not close past it. */
    static final int SPECIAL = 1 << 2;
    /** A start tag that closes an open {@code p} in button scope. */
    static final int CLOSES_P = 1 << 3;

    static final int RAWTEXT = 1 << 4;
    static final int RCDATA = 1 << 5;
    static final int SCRIPT = 1 << 6;
    static final int PLAINTEXT = 1 << 7;
    /** Content is a data node (script, style): never visible text. */
    static final int DATA = 1 << 8;

    static final int SCOPE_BOUNDARY = 1 << 9;
    static final int HEADING = 1 << 10;
    /** Table structure: ignored outside a table. */
    static final int TABLE_PART = 1 << 11;

    static final int FORMATTING = 1 << 12;
    /** Closed by the next start tag of the same kind when it is the current element: li, dd, dt, option. */
    static final int LIST_ITEM = 1 << 13;
    /** Elements that may appear in head without opening body. */
    static final int HEAD_CONTENT = 1 << 14;
    /** An end tag that closes the element only when it is in scope (the standard's closers). */
    static final int SCOPED_CLOSER = 1 << 15;
    /**
     * A current element whose content model is table structure: text and most elements written in it belong before
     * the table ("foster parenting"). colgroup is one: what it cannot hold ends it, and then goes before the table.
     */
    static final int TABLE_CONTEXT = 1 << 16;
    /** A start tag that a table holds where it is written, not before the table: table structure and head content. */
    static final int STAYS_IN_TABLE = 1 << 17;
    /** A start tag after which a {@code <frameset>} is ignored (the standard's frameset-ok flag becomes "not ok"). */
    static final int NOT_FRAMESET_OK = 1 << 18;
    /** Read by the head's rules in a template too, so it does not decide what the template holds. */
    static final int HEAD_RULES = 1 << 19;
    /** html, head, body, frameset: the document's frame, implied where missing. */
    static final int FRAME = 1 << 20;
    /** table and template: the open ones are counted or have a state (one flag test on every push and pop). */
    static final int TABLE_OR_TEMPLATE = 1 << 21;

    /** jsoup 1.18.3's block tags ({@code Tag.blockTags}, and button, which it registers with the default); unknown tags are inline. */
    private static final String[] BLOCK_TAGS = {
        "html",
        "head",
        "body",
        "frameset",
        "script",
        "noscript",
        "style",
        "meta",
        "link",
        "title",
        "frame",
        "noframes",
        "section",
        "nav",
        "aside",
        "hgroup",
        "header",
        "footer",
        "p",
        "h1",
        "h2",
        "h3",
        "h4",
        "h5",
        "h6",
        "ul",
        "ol",
        "pre",
        "div",
        "blockquote",
        "hr",
        "address",
        "figure",
        "figcaption",
        "form",
        "fieldset",
        "ins",
        "del",
        "dl",
        "dt",
        "dd",
        "li",
        "table",
        "caption",
        "thead",
        "tfoot",
        "tbody",
        "colgroup",
        "col",
        "tr",
        "th",
        "td",
        "video",
        "audio",
        "canvas",
        "details",
        "menu",
        "plaintext",
        "template",
        "article",
        "main",
        "svg",
        "math",
        "center",
        "dir",
        "applet",
        "marquee",
        "listing",
        "button"
    };

    private static final String[] VOID_TAGS = {
        "area",
        "br",
        "embed",
        "img",
        "keygen",
        "wbr",
        "input",
        "param",
        "source",
        "track",
        "hr",
        "image",
        "base",
        "basefont",
        "bgsound",
        "command",
        "link",
        "meta",
        "col",
        "frame"
    };

    private static final String[] SPECIAL_TAGS = {
        "address",
        "applet",
        "area",
        "article",
        "aside",
        "base",
        "basefont",
        "bgsound",
        "blockquote",
        "body",
        "br",
        "button",
        "caption",
        "center",
        "col",
        "colgroup",
        "command",
        "dd",
        "details",
        "dir",
        "div",
        "dl",
        "dt",
        "embed",
        "fieldset",
        "figcaption",
        "figure",
        "footer",
        "form",
        "frame",
        "frameset",
        "h1",
        "h2",
        "h3",
        "h4",
        "h5",
        "h6",
        "head",
        "header",
        "hgroup",
        "hr",
        "html",
        "iframe",
        "img",
        "input",
        "isindex",
        "li",
        "link",
        "listing",
        "marquee",
        "menu",
        "meta",
        "nav",
        "noembed",
        "noframes",
        "noscript",
        "object",
        "ol",
        "p",
        "param",
        "plaintext",
        "pre",
        "script",
        "section",
        "select",
        "style",
        "summary",
        "table",
        "tbody",
        "td",
        "textarea",
        "tfoot",
        "th",
        "thead",
        "title",
        "tr",
        "ul",
        "wbr",
        "xmp"
    };

    private static final String[] P_CLOSERS = {
        "address",
        "article",
        "aside",
        "blockquote",
        "center",
        "details",
        "dir",
        "div",
        "dl",
        "fieldset",
        "figcaption",
        "figure",
        "footer",
        "header",
        "hgroup",
        "menu",
        "nav",
        "ol",
        "p",
        "section",
        "summary",
        "ul",
        "h1",
        "h2",
        "h3",
        "h4",
        "h5",
        "h6",
        "pre",
        "listing",
        "form",
        "plaintext",
        "hr",
        "xmp",
        "li",
        "dd",
        "dt"
    };

    private static final String[] SCOPED_CLOSERS = {
        "address",
        "article",
        "aside",
        "blockquote",
        "button",
        "center",
        "details",
        "dir",
        "div",
        "dl",
        "fieldset",
        "figcaption",
        "figure",
        "footer",
        "header",
        "hgroup",
        "listing",
        "menu",
        "nav",
        "ol",
        "pre",
        "section",
        "summary",
        "ul",
        "applet",
        "marquee",
        "object",
        "form",
        "main"
    };

    private static final Map<String, Integer> FLAGS = new HashMap<>();

    static {
        add(BLOCK, BLOCK_TAGS);
        add(VOID, VOID_TAGS);
        add(SPECIAL, SPECIAL_TAGS);
        add(CLOSES_P, P_CLOSERS);
        add(SCOPED_CLOSER, SCOPED_CLOSERS);
        add(RAWTEXT, "style", "xmp", "iframe", "noembed", "noframes");
        add(RCDATA, "title", "textarea");
        add(SCRIPT, "script");
        add(PLAINTEXT, "plaintext");
        add(DATA, "script", "style");
        add(SCOPE_BOUNDARY, "applet", "caption", "html", "table", "td", "th", "marquee", "object", "template");
        add(HEADING, "h1", "h2", "h3", "h4", "h5", "h6");
        add(TABLE_PART, "caption", "col", "colgroup", "tbody", "td", "tfoot", "th", "thead", "tr");
        add(
                FORMATTING,
                "a",
                "b",
                "big",
                "code",
                "em",
                "font",
                "i",
                "nobr",
                "s",
                "small",
                "strike",
                "strong",
                "tt",
                "u");
        add(LIST_ITEM, "li", "dd", "dt");
        add(TABLE_CONTEXT, "table", "tbody", "tfoot", "thead", "tr", "colgroup");
        add(FRAME, "html", "head", "body", "frameset");
        add(TABLE_OR_TEMPLATE, "table", "template");
        add(
                HEAD_RULES,
                "base",
                "basefont",
                "bgsound",
                "link",
                "meta",
                "noframes",
                "script",
                "style",
                "template",
                "title");
        add(
                STAYS_IN_TABLE,
                "caption",
                "col",
                "colgroup",
                "tbody",
                "td",
                "tfoot",
                "th",
                "thead",
                "tr",
                "table",
                "script",
                "style",
                "template",
                "form");
        add(
                NOT_FRAMESET_OK,
                "pre",
                "listing",
                "li",
                "dd",
                "dt",
                "button",
                "area",
                "br",
                "embed",
                "img",
                "image",
                "keygen",
                "wbr",
                "hr",
                "textarea",
                "xmp",
                "iframe",
                "select",
                "input",
                "applet",
                "marquee",
                "object",
                "table",
                "template",
                "body");
        add(
                HEAD_CONTENT,
                "base",
                "basefont",
                "bgsound",
                "command",
                "link",
                "meta",
                "title",
                "noframes",
                "style",
                "script",
                "template",
                "noscript",
                "head",
                "html");
    }

    private static void add(int flag, String... names) {
        for (String name : names) {
            FLAGS.merge(name, flag, (a, b) -> a | b);
        }
    }

    /** Every name with a flag, for the chunker's lookup table. */
    static Map<String, Integer> known() {
        return FLAGS;
    }

    private HtmlTags() {}
}
