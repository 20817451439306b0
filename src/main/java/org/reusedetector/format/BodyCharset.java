package org.reusedetector.format;

import java.nio.charset.Charset;
import java.nio.charset.IllegalCharsetNameException;
import java.nio.charset.StandardCharsets;
import java.nio.charset.UnsupportedCharsetException;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The character set of an HTTP body, decided as a browser would, simplified: a byte-order mark, else the
 * {@code charset} of the Content-Type header, else a {@code <meta>} declaration near the start of the
 * body, else UTF-8. Labels that name Latin-1 or ASCII mean windows-1252, as in the WHATWG encoding
 * standard: pages labelled so use bytes 0x80-0x9F for quotes and dashes.
 */
public final class BodyCharset {

    /**
     * How far into the body a {@code <meta>} declaration is looked for. The HTML standard's prescan stops at
     * 1024 bytes; real pages put long scripts and styles first, so look a little further.
     */
    static final int SNIFF_BYTES = 4096;

    private static final Charset WINDOWS_1252 = Charset.forName("windows-1252");
    private static final Pattern CHARSET_PARAM =
            Pattern.compile("charset\\s*=\\s*[\"']?([^\"'\\s;,>]+)", Pattern.CASE_INSENSITIVE);
    private static final Pattern META = Pattern.compile("<meta\\b[^>]*>", Pattern.CASE_INSENSITIVE);

    private BodyCharset() {}

    /** The charset of {@code body[0, length)} delivered with the given Content-Type header (may be null). */
    public static Charset detect(String contentType, byte[] body, int length) {
        Charset bom = byBom(body, length);
        if (bom != null) {
            return bom;
        }
        Charset declared = contentType == null ? null : fromParameter(contentType);
        if (declared != null) {
            return declared;
        }
        Charset meta = sniffMeta(body, length);
        return meta != null ? meta : StandardCharsets.UTF_8;
    }

    /** Bytes of a byte-order mark at the start of the body, to skip when decoding. */
    public static int bomLength(byte[] body, int length) {
        if (length >= 3 && (body[0] & 0xff) == 0xEF && (body[1] & 0xff) == 0xBB && (body[2] & 0xff) == 0xBF) {
            return 3;
        }
        return byBom(body, length) != null ? 2 : 0;
    }

    static Charset byBom(byte[] body, int length) {
        if (length >= 3 && (body[0] & 0xff) == 0xEF && (body[1] & 0xff) == 0xBB && (body[2] & 0xff) == 0xBF) {
            return StandardCharsets.UTF_8;
        }
        if (length >= 2 && (body[0] & 0xff) == 0xFE && (body[1] & 0xff) == 0xFF) {
            return StandardCharsets.UTF_16BE;
        }
        if (length >= 2 && (body[0] & 0xff) == 0xFF && (body[1] & 0xff) == 0xFE) {
            return StandardCharsets.UTF_16LE;
        }
        return null;
    }

    static Charset fromParameter(String text) {
        Matcher m = CHARSET_PARAM.matcher(text);
        return m.find() ? lookup(m.group(1)) : null;
    }

    /** A {@code <meta charset>} or {@code <meta http-equiv content="...; charset=...">} in the first bytes. */
    static Charset sniffMeta(byte[] body, int length) {
        // Latin-1 maps bytes one to one, so an ASCII declaration is found whatever the real encoding
        String head = new String(body, 0, Math.min(length, SNIFF_BYTES), StandardCharsets.ISO_8859_1);
        Matcher meta = META.matcher(head);
        while (meta.find()) {
            Charset charset = fromParameter(meta.group());
            if (charset != null) {
                // a UTF-16 page could not have been read as ASCII to find this: the declaration is wrong
                return charset.name().startsWith("UTF-16") ? StandardCharsets.UTF_8 : charset;
            }
        }
        return null;
    }

    /** The charset of a label, or {@code null} when Java does not know it. */
    static Charset lookup(String label) {
        String name = label.trim().toLowerCase(Locale.ROOT);
        switch (name) {
            case "iso-8859-1", "iso8859-1", "latin1", "l1", "iso_8859-1", "us-ascii", "ascii", "cp1252", "windows-1252":
                return WINDOWS_1252;
            default:
                try {
                    return Charset.forName(name);
                } catch (IllegalCharsetNameException | UnsupportedCharsetException e) {
                    return null;
                }
        }
    }
}
