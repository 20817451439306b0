package org.reusedetector.format;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URI;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPOutputStream;
import org.netpreserve.jwarc.MediaType;
import org.netpreserve.jwarc.WarcCompression;
import org.netpreserve.jwarc.WarcMetadata;
import org.netpreserve.jwarc.WarcRequest;
import org.netpreserve.jwarc.WarcResponse;
import org.netpreserve.jwarc.WarcWriter;
import org.netpreserve.jwarc.Warcinfo;

/** Writes small WARC files with jwarc's writer: raw HTTP responses, so that every header is under control. */
public final class WarcFixture {

    static final Instant T0 = Instant.parse("2024-03-01T12:00:00Z");
    static final String UTF8_BODY = "<html><body><p>naïve ☃ snowman</p><div>second</div></body></html>";
    static final String LATIN1_BODY = "<html><body><p>café crème</p></body></html>";
    static final String META_BODY =
            "<html><head><meta charset=\"iso-8859-1\"></head><body><p>déjà vu</p></body></html>";
    static final String GZIP_BODY = "<html><body><p>compressed</p></body></html>";

    private WarcFixture() {}

    /** The standard fixture: 8 responses (4 usable pages) among warcinfo, request and metadata records. */
    public static void writeStandard(Path file) throws IOException {
        WarcCompression compression = file.toString().endsWith(".gz") ? WarcCompression.GZIP : WarcCompression.NONE;
        try (FileChannel channel = FileChannel.open(
                        file,
                        StandardOpenOption.CREATE,
                        StandardOpenOption.WRITE,
                        StandardOpenOption.TRUNCATE_EXISTING);
                WarcWriter writer = new WarcWriter(channel, compression)) {
            writer.write(new Warcinfo.Builder()
                    .date(T0)
                    .fields(Map.of("software", List.of("test")))
                    .build());
            writer.write(new WarcRequest.Builder(URI.create("https://example.org/utf8.html"))
                    .date(T0)
                    .body(
                            MediaType.HTTP_REQUEST,
                            "GET /utf8.html HTTP/1.1\r\nHost: example.org\r\n\r\n".getBytes(StandardCharsets.US_ASCII))
                    .build());
            writer.write(response(
                    "https://example.org/utf8.html",
                    0,
                    http(200, "text/html; charset=UTF-8", UTF8_BODY.getBytes(StandardCharsets.UTF_8))));
            writer.write(response(
                    "https://example.org/latin1.html",
                    1,
                    http(200, "text/html; charset=ISO-8859-1", LATIN1_BODY.getBytes(StandardCharsets.ISO_8859_1))));
            writer.write(response(
                    "https://example.org/meta.html",
                    2,
                    http(200, "text/html", META_BODY.getBytes(StandardCharsets.ISO_8859_1))));
            writer.write(response("https://example.org/logo.png", 3, http(200, "image/png", new byte[] {
                (byte) 0x89, 'P', 'N', 'G', 0, 1, 2, (byte) 0xff
            })));
            writer.write(response(
                    "https://example.org/missing.html",
                    4,
                    http(404, "text/html", "<p>not found</p>".getBytes(StandardCharsets.UTF_8))));
            writer.write(response(
                    "https://example.org/broken.html",
                    5,
                    "this is not an HTTP response at all".getBytes(StandardCharsets.US_ASCII)));
            writer.write(response("https://example.org/gzip.html", 6, httpGzip(GZIP_BODY)));
            writer.write(response(
                    "https://example.org/nocharset.html",
                    7,
                    http(200, null, "<p>plain ascii and UTF-8 ✓</p>".getBytes(StandardCharsets.UTF_8))));
            writer.write(new WarcMetadata.Builder()
                    .targetURI(URI.create("https://example.org/utf8.html"))
                    .date(T0)
                    .body(MediaType.WARC_FIELDS, "fetchTimeMs: 12\r\n".getBytes(StandardCharsets.US_ASCII))
                    .build());
        }
    }

    static WarcResponse response(String url, int seconds, byte[] http) throws IOException {
        return new WarcResponse.Builder(URI.create(url))
                .date(T0.plusSeconds(seconds))
                .body(MediaType.HTTP_RESPONSE, http)
                .build();
    }

    static byte[] http(int status, String contentType, byte[] body) {
        StringBuilder head = new StringBuilder("HTTP/1.1 ")
                .append(status)
                .append(status == 200 ? " OK" : " Not Found")
                .append("\r\n");
        if (contentType != null) {
            head.append("Content-Type: ").append(contentType).append("\r\n");
        }
        head.append("Content-Length: ").append(body.length).append("\r\n\r\n");
        return concat(head.toString().getBytes(StandardCharsets.US_ASCII), body);
    }

    static byte[] httpGzip(String html) throws IOException {
        ByteArrayOutputStream zipped = new ByteArrayOutputStream();
        try (GZIPOutputStream gz = new GZIPOutputStream(zipped)) {
            gz.write(html.getBytes(StandardCharsets.UTF_8));
        }
        byte[] body = zipped.toByteArray();
        String head =
                "HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\nContent-Encoding: gzip\r\nContent-Length: "
                        + body.length + "\r\n\r\n";
        return concat(head.getBytes(StandardCharsets.US_ASCII), body);
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] out = new byte[a.length + b.length];
        System.arraycopy(a, 0, out, 0, a.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
