package org.reusedetector.index;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.EOFException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.zip.CRC32C;
import org.reusedetector.model.HashedPage;
import org.reusedetector.page.Sha1;

/**
 * The hash index: for every page its URL, fetch time, file hash and ordered chunk hashes with lengths, in a
 * compact binary form. Discovery and backfill detection re-read every page's hashes, often many times; the
 * index holds exactly what they need and nothing of the HTML, so a pass over it reads about 1 KB per page
 * (a page of 45 chunks) instead of ~50 KB of HTML, and needs no HTML parsing.
 *
 * <p>Why binary rather than JSON lines: a hash costs 20 raw bytes instead of 40 hex digits plus quotes,
 * lengths and times are varints (1-2 bytes for most chunk lengths), and the record carries no field names
 * (the schema is the file's version). Hashes do not compress, so the files are not compressed.
 *
 * <pre>
 * file    := header record*
 * header  := magic "RDXI" (4 bytes)  version (1 byte, = 1)
 * record  := length (varint: bytes of payload)  payload  crc (4 bytes, big-endian CRC-32C of payload)
 * payload := urlLength (varint)  url (UTF-8)
 *            eventTime (zig-zag varint, epoch ms)
 *            bodyBytes (varint)
 *            fileHash (20 bytes, SHA-1)
 *            chunkCount (varint)  chunkLength (varint) * chunkCount  chunkHash (20 bytes) * chunkCount
 * varint  := unsigned LEB128 (7 bits a byte, low first, high bit set on all but the last byte)
 * </pre>
 * A page of 45 chunks with a 60-byte URL takes about 2 + 61 + 6 + 3 + 20 + 1 + 60 + 900 + 4 ≈ 1,060 bytes.
 * The length prefix lets a reader tell a clean end of file from a cut record; the checksum catches damaged
 * hashes, which would otherwise silently fail to match. Records are independent (no state carried from one
 * to the next), so files concatenate after their headers and part files of a sink need no coordination.
 */
public final class HashIndexFormat {

    static final byte[] MAGIC = {'R', 'D', 'X', 'I'};
    public static final int VERSION = 1;
    public static final int HEADER_LENGTH = MAGIC.length + 1;

    /** Larger records are taken for corruption: a 4 MB page with a chunk every 8 bytes needs ~11 MB. */
    static final int MAX_RECORD_BYTES = 64 << 20;

    private HashIndexFormat() {}

    public static void writeHeader(DataOutput out) throws IOException {
        out.write(header());
    }

    /** The file header: magic and version. */
    public static byte[] header() {
        byte[] header = Arrays.copyOf(MAGIC, HEADER_LENGTH);
        header[MAGIC.length] = VERSION;
        return header;
    }

    /** Reads and checks the header; throws if the stream is not a hash index of this version. */
    public static void readHeader(DataInput in) throws IOException {
        byte[] header = new byte[HEADER_LENGTH];
        try {
            in.readFully(header);
        } catch (EOFException e) {
            throw new IOException("not a hash index: shorter than its header");
        }
        if (!Arrays.equals(Arrays.copyOf(header, MAGIC.length), MAGIC)) {
            throw new IOException("not a hash index: bad magic");
        }
        if (header[MAGIC.length] != VERSION) {
            throw new IOException(
                    "hash index version " + header[MAGIC.length] + " is not supported (expected " + VERSION + ")");
        }
    }

    /** Writes one record (length, payload, checksum) and returns its size in bytes. */
    public static int write(DataOutput out, HashedPage page) throws IOException {
        byte[] record = record(page);
        out.write(record);
        return record.length;
    }

    /** Reads one record, or returns {@code null} at the end of the stream (between records). */
    public static HashedPage read(DataInput in) throws IOException {
        return read(in, new ReadBuffer());
    }

    /**
     * Space for the payload of the records one reader reads, reused from record to record: a record is then
     * copied once, from the buffer into the page's fields, not first into an array of its own.
     */
    public static final class ReadBuffer {
        private byte[] payload = new byte[4096];

        byte[] ofSize(int length) {
            if (payload.length < length) {
                payload = new byte[Math.max(length, payload.length * 2)];
            }
            return payload;
        }
    }

    /** {@link #read(DataInput)} with a buffer of the reader's, which the page does not keep. */
    public static HashedPage read(DataInput in, ReadBuffer buffer) throws IOException {
        int first;
        try {
            first = in.readUnsignedByte();
        } catch (EOFException e) {
            return null;
        }
        try {
            int length = readVarint(in, first);
            if (length > MAX_RECORD_BYTES) {
                throw new IOException("corrupt hash index: record of " + length + " bytes");
            }
            byte[] payload = buffer.ofSize(length);
            in.readFully(payload, 0, length);
            int crc = in.readInt();
            if (crc != crc(payload, length)) {
                throw new IOException("corrupt hash index: checksum mismatch");
            }
            return decode(payload, length);
        } catch (EOFException e) {
            throw new IOException("corrupt hash index: record cut short", e);
        }
    }

    /** A whole record of a page (length, payload, checksum), to write in one piece. */
    public static byte[] record(HashedPage page) {
        return encode(page, true);
    }

    /** The record payload of a page. */
    public static byte[] encode(HashedPage page) {
        return encode(page, false);
    }

    private static byte[] encode(HashedPage page, boolean framed) {
        int chunks = page.chunkLengths().length;
        if (page.fileHash().length != Sha1.LENGTH || page.chunkHashes().length != chunks * Sha1.LENGTH) {
            throw new IllegalArgumentException(
                    "page " + page.url() + ": " + chunks + " chunk lengths, " + page.chunkHashes().length
                            + " bytes of chunk hashes, file hash of " + page.fileHash().length + " bytes");
        }
        if (page.bodyBytes() < 0) {
            throw new IllegalArgumentException("page " + page.url() + ": negative body size");
        }
        byte[] url = page.url().getBytes(StandardCharsets.UTF_8);
        long time = zigZag(page.eventTime());
        int size = varintSize(url.length)
                + url.length
                + varintSize(time)
                + varintSize(page.bodyBytes())
                + Sha1.LENGTH
                + varintSize(chunks)
                + chunks * Sha1.LENGTH;
        for (int length : page.chunkLengths()) {
            if (length < 0) {
                throw new IllegalArgumentException("page " + page.url() + ": negative chunk length");
            }
            size += varintSize(length);
        }
        int total = framed ? varintSize(size) + size + 4 : size;
        Cursor c = new Cursor(new byte[total], total);
        if (framed) {
            c.putVarlong(size);
        }
        int start = c.pos;
        c.putVarlong(url.length);
        c.put(url);
        c.putVarlong(time);
        c.putVarlong(page.bodyBytes());
        c.put(page.fileHash());
        c.putVarlong(chunks);
        for (int length : page.chunkLengths()) {
            c.putVarlong(length);
        }
        c.put(page.chunkHashes());
        if (framed) {
            CRC32C crc = new CRC32C();
            crc.update(c.bytes, start, size);
            c.putInt((int) crc.getValue());
        }
        return c.bytes;
    }

    /** The page of a record payload ({@code bytes[0, length)}). */
    public static HashedPage decode(byte[] bytes, int length) throws IOException {
        Cursor c = new Cursor(bytes, length);
        String url = c.string(c.varint());
        long eventTime = unZigZag(c.varlong());
        int bodyBytes = c.varint();
        byte[] fileHash = c.take(Sha1.LENGTH);
        int chunks = c.varint();
        if (chunks > c.remaining() / (Sha1.LENGTH + 1)) {
            throw new IOException("corrupt hash index: " + chunks + " chunks in " + c.remaining() + " bytes");
        }
        int[] lengths = new int[chunks];
        for (int i = 0; i < chunks; i++) {
            lengths[i] = c.varint();
        }
        byte[] hashes = c.take(chunks * Sha1.LENGTH);
        if (c.remaining() != 0) {
            throw new IOException("corrupt hash index: " + c.remaining() + " bytes after the record");
        }
        return new HashedPage(url, eventTime, fileHash, hashes, lengths, bodyBytes);
    }

    static int crc(byte[] bytes, int length) {
        CRC32C crc = new CRC32C();
        crc.update(bytes, 0, length);
        return (int) crc.getValue();
    }

    static long zigZag(long v) {
        return (v << 1) ^ (v >> 63);
    }

    static long unZigZag(long v) {
        return (v >>> 1) ^ -(v & 1);
    }

    static int varintSize(long v) {
        int size = 1;
        while ((v & ~0x7FL) != 0) {
            v >>>= 7;
            size++;
        }
        return size;
    }

    private static int readVarint(DataInput in, int first) throws IOException {
        int value = first & 0x7F;
        int shift = 7;
        int b = first;
        while ((b & 0x80) != 0) {
            if (shift > 28) {
                throw new IOException("corrupt hash index: varint too long");
            }
            b = in.readUnsignedByte();
            value |= (b & 0x7F) << shift;
            shift += 7;
        }
        if (value < 0) {
            throw new IOException("corrupt hash index: negative length");
        }
        return value;
    }

    /** A bounds-checked position in a byte array. */
    private static final class Cursor {
        final byte[] bytes;
        final int limit;
        int pos;

        Cursor(byte[] bytes, int limit) {
            this.bytes = bytes;
            this.limit = limit;
        }

        int remaining() {
            return limit - pos;
        }

        void put(byte[] b) {
            System.arraycopy(b, 0, bytes, pos, b.length);
            pos += b.length;
        }

        void putInt(int v) {
            bytes[pos++] = (byte) (v >>> 24);
            bytes[pos++] = (byte) (v >>> 16);
            bytes[pos++] = (byte) (v >>> 8);
            bytes[pos++] = (byte) v;
        }

        void putVarlong(long v) {
            while ((v & ~0x7FL) != 0) {
                bytes[pos++] = (byte) ((v & 0x7F) | 0x80);
                v >>>= 7;
            }
            bytes[pos++] = (byte) v;
        }

        String string(int n) throws IOException {
            check(n);
            String out = new String(bytes, pos, n, StandardCharsets.UTF_8);
            pos += n;
            return out;
        }

        private void check(int n) throws IOException {
            if (n < 0 || n > remaining()) {
                throw new IOException("corrupt hash index: field of " + n + " bytes, " + remaining() + " left");
            }
        }

        byte[] take(int n) throws IOException {
            if (n < 0 || n > remaining()) {
                throw new IOException("corrupt hash index: field of " + n + " bytes, " + remaining() + " left");
            }
            byte[] out = Arrays.copyOfRange(bytes, pos, pos + n);
            pos += n;
            return out;
        }

        long varlong() throws IOException {
            long value = 0;
            for (int shift = 0; shift < 64; shift += 7) {
                if (pos >= limit) {
                    throw new IOException("corrupt hash index: varint past the record");
                }
                byte b = bytes[pos++];
                value |= (long) (b & 0x7F) << shift;
                if ((b & 0x80) == 0) {
                    return value;
                }
            }
            throw new IOException("corrupt hash index: varint too long");
        }

        int varint() throws IOException {
            long v = varlong();
            if (v < 0 || v > Integer.MAX_VALUE) {
                throw new IOException("corrupt hash index: " + v + " out of range");
            }
            return (int) v;
        }
    }
}
