package org.reusedetector.format;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipException;

/**
 * The lines of a JSON-lines file as the bytes stored: for a reader that only forwards them (the replay into the pages
 * topic), with no decoding to chars and encoding back, and under {@link JsonLines#records}, which decodes each. Blank
 * lines are skipped, a line over the limit is skipped in bounded memory and becomes a {@code body-too-large} marker with
 * its first chars, and a file cut short or corrupt ends with one {@code unreadable-input} marker after what was read.
 */
public final class RawLines implements AutoCloseable {

    /** One line: its bytes (a marker's are its JSON), where it was, and whether it is a marker. */
    public record Line(byte[] bytes, String origin) {}

    private final InputStream in;
    private final String name;
    private final int maxLineChars;
    /** A char is at most three bytes of UTF-8: a longer line is over the limit without being decoded. */
    private final long maxLineBytes;

    private final byte[] buffer = new byte[1 << 16];
    private int position;
    private int limit;
    private boolean end;
    private long lineNumber;
    private boolean unreadable;
    private byte[] line = new byte[1 << 16];

    /**
     * @param stream the file's bytes, gunzipped here when {@code name} ends in {@code .gz}; owned by this reader
     * @param maxLineChars lines longer than this in chars become markers, as in {@link JsonLines#records}
     */
    public RawLines(InputStream stream, String name, int maxLineChars) throws IOException {
        InputStream opened = stream;
        if (name.endsWith(".gz")) {
            try {
                opened = new GZIPInputStream(stream, 1 << 16);
            } catch (IOException e) {
                stream.close();
                throw e;
            }
        }
        this.in = opened;
        this.name = name;
        this.maxLineChars = maxLineChars;
        this.maxLineBytes = 3L * maxLineChars;
    }

    /** The next non-blank line or marker, or {@code null} at the end. */
    public Line next() throws IOException {
        if (unreadable) {
            return null;
        }
        try {
            while (true) {
                int length = 0;
                long total = 0;
                long overChars = -1; // the line's length in chars, counted once it is over the limit
                boolean sawByte = false;
                while (true) {
                    if (position == limit && !fill()) {
                        break;
                    }
                    sawByte = true;
                    int start = position;
                    int i = start;
                    while (i < limit && buffer[i] != '\n' && buffer[i] != '\r') {
                        i++;
                    }
                    int run = i - start;
                    total += run;
                    if (overChars >= 0) {
                        overChars += utf8Chars(buffer, start, run);
                    } else {
                        if (line.length < length + run) {
                            line = Arrays.copyOf(line, (int)
                                    Math.max(length + run, Math.min(Integer.MAX_VALUE - 16, line.length * 2L)));
                        }
                        System.arraycopy(buffer, start, line, length, run);
                        length += run;
                        if (total > maxLineBytes) { // just went over: keep only the line's start
                            overChars = utf8Chars(line, 0, length);
                            length = Math.min(length, prefixBytes());
                        }
                    }
                    position = i;
                    if (i < limit) {
                        consumeTerminator();
                        break;
                    }
                }
                if (!sawByte) {
                    in.close();
                    return null;
                }
                lineNumber++;
                if (overChars >= 0) {
                    String prefix = new String(line, 0, length, StandardCharsets.UTF_8);
                    return marker(JsonLines.oversized(overChars, maxLineChars, prefix));
                }
                if (total > maxLineChars) { // within the limit in bytes, perhaps not in chars
                    String text = new String(line, 0, length, StandardCharsets.UTF_8);
                    if (text.length() > maxLineChars) {
                        return marker(JsonLines.oversized(text.length(), maxLineChars, text));
                    }
                }
                if (!isBlank(line, length)) {
                    return new Line(Arrays.copyOf(line, length), name + ":" + lineNumber);
                }
            }
        } catch (EOFException | ZipException e) {
            // a truncated or corrupt archive: what was read stands, the rest becomes one dead letter
            unreadable = true;
            String where = "unreadable after line " + lineNumber;
            try {
                in.close();
            } catch (IOException ignored) {
                // already failing
            }
            return new Line(
                    JsonLines.readerError(
                                    "unreadable-input",
                                    "file " + name + " is truncated or corrupt, " + where + ": " + e.getMessage()
                                            + "; the records before it were read",
                                    null)
                            .getBytes(StandardCharsets.UTF_8),
                    name + ":" + where);
        }
    }

    private Line marker(String json) {
        return new Line(json.getBytes(StandardCharsets.UTF_8), name + ":" + lineNumber);
    }

    /** The chars that {@code bytes[start, start + n)} of valid UTF-8 decode to (a four-byte sequence is a pair). */
    private static long utf8Chars(byte[] bytes, int start, int n) {
        long chars = 0;
        for (int i = start; i < start + n; i++) {
            int b = bytes[i] & 0xFF;
            if ((b & 0xC0) != 0x80) {
                chars += b >= 0xF0 ? 2 : 1;
            }
        }
        return chars;
    }

    /** Enough bytes of an over-long line for the chars its marker keeps. */
    private static int prefixBytes() {
        return JsonLines.OVERSIZED_PREFIX_CHARS * 4;
    }

    /** As {@link String#isBlank()} of the line's text, without decoding it unless it holds non-ASCII bytes. */
    private static boolean isBlank(byte[] bytes, int length) {
        for (int i = 0; i < length; i++) {
            byte b = bytes[i];
            if (b < 0) {
                return new String(bytes, 0, length, StandardCharsets.UTF_8).isBlank();
            }
            if (!Character.isWhitespace(b)) {
                return false;
            }
        }
        return true;
    }

    private void consumeTerminator() throws IOException {
        byte c = buffer[position++];
        if (c == '\r') {
            if (position == limit && !end) {
                fill();
            }
            if (position < limit && buffer[position] == '\n') {
                position++;
            }
        }
    }

    private boolean fill() throws IOException {
        if (end) {
            return false;
        }
        int n = in.read(buffer, 0, buffer.length);
        if (n <= 0) {
            end = true;
            position = limit = 0;
            return false;
        }
        position = 0;
        limit = n;
        return true;
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
