package org.reusedetector.page;

import com.fasterxml.jackson.core.StreamReadConstraints;
import java.util.ArrayList;
import java.util.List;

/**
 * One pass over a page record's JSON text for the records that are well formed: the body's escapes are decoded
 * straight into a reused {@code char} buffer, and its UTF-8 length and lone surrogates are found in the same pass.
 * Jackson's tree would decode the body into a {@link String} and then the checks would read it end to end twice more.
 *
 * <p>The scanner only ever <em>accepts</em>. Whatever it is not sure about (invalid or unusual JSON, a field of the
 * wrong type, a duplicate name, a status written as a string, a nested value) makes {@link #scan} return {@code false},
 * and {@link PageRecordParser} then reads the record with Jackson, which decides and words the rejection. So the
 * scanner's fields, where it accepts, are those Jackson's tree would give, and a rejection's reason is the same.
 */
final class PageRecordScanner {

    private static final int MAX_STRING_CHARS = StreamReadConstraints.defaults().getMaxStringLength();
    private static final int MAX_NAME_CHARS = StreamReadConstraints.defaults().getMaxNameLength();

    private char[] json = new char[0];
    private int length;
    private int pos;

    /** Decoded body, {@code body[0, bodyLength)}, lone surrogates replaced by U+FFFD. */
    char[] body = new char[0];

    int bodyLength;
    /** The body's UTF-8 length, a lone surrogate counted as its replacement. */
    long bodyUtf8Bytes;

    boolean hasBody;
    String url;
    String fetchedAt;
    String contentType;
    /** The status, or {@code null} when absent or JSON null. */
    Integer status;
    /** Further fields, as {@code "name":value} exactly as written, in order. */
    final List<String> extraFields = new ArrayList<>();

    private final StringBuilder scratch = new StringBuilder();
    private final List<String> names = new ArrayList<>();

    /**
     * Reads {@code text} as one JSON object of a page record; {@code false} when the record needs Jackson's reading
     * (see the class comment). The fields are valid until the next call.
     */
    boolean scan(String text) {
        reset();
        length = text.length();
        if (json.length < length) {
            json = new char[(int) Math.max(length, Math.min(Integer.MAX_VALUE - 16, json.length * 2L))];
        }
        text.getChars(0, length, json, 0);
        pos = 0;
        skipWhitespace();
        if (!take('{')) {
            return false;
        }
        skipWhitespace();
        if (pos < length && json[pos] == '}') {
            pos++;
        } else {
            while (true) {
                if (!member()) {
                    return false;
                }
                skipWhitespace();
                if (pos >= length) {
                    return false;
                }
                char c = json[pos++];
                if (c == '}') {
                    break;
                }
                if (c != ',') {
                    return false;
                }
                skipWhitespace();
            }
        }
        skipWhitespace();
        return pos == length; // anything after the object is for Jackson to reject
    }

    private void reset() {
        bodyLength = 0;
        bodyUtf8Bytes = 0;
        hasBody = false;
        url = null;
        fetchedAt = null;
        contentType = null;
        status = null;
        extraFields.clear();
        names.clear();
    }

    /** One {@code "name": value}; the position is at the name's opening quote. */
    private boolean member() {
        int nameStart = pos;
        if (!take('"')) {
            return false;
        }
        String name = string(MAX_NAME_CHARS);
        if (name == null || names.contains(name)) {
            return false; // a duplicate name is Jackson's to reject
        }
        names.add(name);
        int nameEnd = pos;
        skipWhitespace();
        if (!take(':')) {
            return false;
        }
        skipWhitespace();
        if (pos >= length) {
            return false;
        }
        char first = json[pos];
        switch (name) {
            case "body":
                if (first == 'n') {
                    return literal("null");
                }
                if (first != '"') {
                    return false;
                }
                pos++;
                hasBody = true;
                return body();
            case "url":
            case "fetched_at":
            case "content_type":
                if (first == 'n') {
                    return literal("null");
                }
                if (first != '"') {
                    return false;
                }
                pos++;
                String value = string(MAX_STRING_CHARS);
                if (value == null) {
                    return false;
                }
                if (name.equals("url")) {
                    url = value;
                } else if (name.equals("fetched_at")) {
                    fetchedAt = value;
                } else {
                    contentType = value;
                }
                return true;
            case "status":
                if (first == 'n') {
                    return literal("null");
                }
                return status();
            case PageRecordParser.READER_ERROR:
                return false;
            default:
                int valueStart = pos;
                if (!skipFlatValue()) {
                    return false;
                }
                extraFields.add(new String(json, nameStart, nameEnd - nameStart) + ":"
                        + new String(json, valueStart, pos - valueStart));
                return true;
        }
    }

    /** A status as a plain positive integer of at most nine digits; anything else is Jackson's. */
    private boolean status() {
        int start = pos;
        if (pos >= length || json[pos] < '1' || json[pos] > '9') {
            return false;
        }
        int value = 0;
        while (pos < length && json[pos] >= '0' && json[pos] <= '9') {
            value = value * 10 + (json[pos++] - '0');
            if (pos - start > 9) {
                return false;
            }
        }
        if (pos < length && !isDelimiter(json[pos])) {
            return false; // a fraction or an exponent
        }
        status = value;
        return true;
    }

    /**
     * An extra field's value, left as written: a string, or a number, {@code true}, {@code false} or {@code null}
     * (checked by Jackson when the extras are read); an object or an array is Jackson's.
     */
    private boolean skipFlatValue() {
        char first = json[pos];
        if (first == '"') {
            pos++;
            return string(MAX_STRING_CHARS) != null;
        }
        if (first == '{' || first == '[') {
            return false;
        }
        int start = pos;
        while (pos < length && !isDelimiter(json[pos])) {
            pos++;
        }
        return pos > start;
    }

    private static boolean isDelimiter(char c) {
        return c == ',' || c == '}' || c == ' ' || c == '\t' || c == '\n' || c == '\r';
    }

    private boolean literal(String word) {
        if (!new String(json, pos, Math.min(word.length(), length - pos)).equals(word)) {
            return false;
        }
        pos += word.length();
        return pos >= length || isDelimiter(json[pos]);
    }

    /** A string's contents after its opening quote, decoded; {@code null} for what only Jackson may judge. */
    private String string(int maxChars) {
        scratch.setLength(0);
        int runStart = pos;
        while (pos < length) {
            char c = json[pos];
            if (c == '"') {
                scratch.append(json, runStart, pos - runStart);
                pos++;
                return scratch.length() > maxChars ? null : scratch.toString();
            }
            if (c == '\\') {
                scratch.append(json, runStart, pos - runStart);
                int decoded = escape();
                if (decoded < 0) {
                    return null;
                }
                scratch.append((char) decoded);
                runStart = pos;
            } else if (c < 0x20) {
                return null;
            } else {
                pos++;
            }
        }
        return null;
    }

    /**
     * The body's contents after its opening quote, decoded into {@link #body} while its UTF-8 length is counted; lone
     * surrogates are then replaced in place (a pair may be written as two escapes, so that is known only at the end).
     */
    private boolean body() {
        int capacity = length - pos; // decoding never lengthens
        if (body.length < capacity) {
            body = new char[(int) Math.max(capacity, Math.min(Integer.MAX_VALUE - 16, body.length * 2L))];
        }
        char[] out = body;
        char[] in = json;
        int end = length;
        int p = pos;
        int o = 0;
        long bytes = 0;
        boolean surrogates = false;
        while (p < end) {
            char c = in[p];
            // the bulk of HTML: printable ASCII other than the quote and the backslash, one store each
            if ((char) (c - 0x20) < 0x60 && c != '"' && c != '\\') {
                out[o++] = c;
                p++;
                continue;
            }
            if (c == '"') {
                pos = p + 1;
                bodyLength = o;
                if (o > MAX_STRING_CHARS) {
                    return false;
                }
                bytes += o; // one byte each, plus what non-ASCII chars added below
                bodyUtf8Bytes = surrogates ? repairSurrogates(out, o) : bytes;
                return true;
            }
            if (c == '\\') {
                pos = p;
                int decoded = escape();
                if (decoded < 0) {
                    return false;
                }
                p = pos;
                c = (char) decoded;
            } else if (c < 0x20) {
                return false;
            } else {
                p++;
            }
            out[o++] = c;
            if (c >= 0x80) {
                if (c < 0x800) {
                    bytes += 1;
                } else {
                    bytes += 2;
                    surrogates |= Character.isSurrogate(c);
                }
            }
        }
        return false;
    }

    /** Replaces lone surrogates in {@code text[0, n)} by U+FFFD and returns the text's UTF-8 length. */
    private static long repairSurrogates(char[] text, int n) {
        long bytes = 0;
        for (int i = 0; i < n; i++) {
            char c = text[i];
            if (c < 0x80) {
                bytes++;
            } else if (c < 0x800) {
                bytes += 2;
            } else if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(text[i + 1])) {
                bytes += 4;
                i++;
            } else {
                if (Character.isSurrogate(c)) {
                    text[i] = '\uFFFD';
                }
                bytes += 3;
            }
        }
        return bytes;
    }

    /** The char of the escape at {@code pos} (a backslash), moving past it; -1 for an escape JSON does not have. */
    private int escape() {
        if (pos + 1 >= length) {
            return -1;
        }
        char e = json[pos + 1];
        pos += 2;
        switch (e) {
            case '"':
            case '\\':
            case '/':
                return e;
            case 'n':
                return '\n';
            case 't':
                return '\t';
            case 'r':
                return '\r';
            case 'b':
                return '\b';
            case 'f':
                return '\f';
            case 'u':
                if (pos + 4 > length) {
                    return -1;
                }
                int value = 0;
                for (int i = 0; i < 4; i++) {
                    int digit = Character.digit(json[pos + i], 16);
                    if (digit < 0 || json[pos + i] > 'f') { // Character.digit also takes non-ASCII digits
                        return -1;
                    }
                    value = value * 16 + digit;
                }
                pos += 4;
                return value;
            default:
                return -1;
        }
    }

    private void skipWhitespace() {
        while (pos < length) {
            char c = json[pos];
            if (c != ' ' && c != '\t' && c != '\n' && c != '\r') {
                return;
            }
            pos++;
        }
    }

    private boolean take(char expected) {
        if (pos < length && json[pos] == expected) {
            pos++;
            return true;
        }
        return false;
    }
}
