package org.reusedetector.model;

import java.io.Serializable;
import java.nio.ByteBuffer;
import java.util.Objects;
import java.util.function.Function;

/**
 * The typed name of one kind of result that a signal puts on a page ({@link HashedPage#result}, {@link HashedPage#with}):
 * a signal declares its keys in its own package, so that the core record carries every signal's results without a
 * component for each. The key encodes its values to bytes: pages cross the network and enter checkpoints as plain
 * records, whatever their signals put on them.
 *
 * @param <T> the value's type
 */
public final class ResultKey<T> implements Serializable {

    private static final long serialVersionUID = 1L;

    /** Encodes a value to the bytes of a {@link SignalResult}. */
    public interface Encoder<T> extends Function<T, byte[]>, Serializable {}

    /** Decodes a {@link SignalResult}'s bytes. */
    public interface Decoder<T> extends Function<byte[], T>, Serializable {}

    private final String name;
    private final Encoder<T> encoder;
    private final Decoder<T> decoder;

    private ResultKey(String name, Encoder<T> encoder, Decoder<T> decoder) {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("a result key needs a name");
        }
        this.name = name;
        this.encoder = Objects.requireNonNull(encoder);
        this.decoder = Objects.requireNonNull(decoder);
    }

    /** A key of values with their own encoding. */
    public static <T> ResultKey<T> of(String name, Encoder<T> encoder, Decoder<T> decoder) {
        return new ResultKey<>(name, encoder, decoder);
    }

    /** A key of byte arrays, kept as they are. */
    public static ResultKey<byte[]> bytes(String name) {
        return new ResultKey<>(name, byte[]::clone, byte[]::clone);
    }

    /** A key of long arrays, 8 bytes a value, big-endian. */
    public static ResultKey<long[]> longs(String name) {
        return new ResultKey<>(name, ResultKey::encodeLongs, ResultKey::decodeLongs);
    }

    /** A key of int arrays, 4 bytes a value, big-endian. */
    public static ResultKey<int[]> ints(String name) {
        return new ResultKey<>(name, ResultKey::encodeInts, ResultKey::decodeInts);
    }

    /** The name the result goes under on the page: it is in checkpoints of held pages, so it never changes. */
    public String name() {
        return name;
    }

    byte[] encode(T value) {
        return encoder.apply(value);
    }

    T decode(byte[] bytes) {
        return decoder.apply(bytes);
    }

    static byte[] encodeLongs(long[] values) {
        ByteBuffer buffer = ByteBuffer.allocate(values.length * Long.BYTES);
        buffer.asLongBuffer().put(values);
        return buffer.array();
    }

    static byte[] encodeInts(int[] values) {
        ByteBuffer buffer = ByteBuffer.allocate(values.length * Integer.BYTES);
        buffer.asIntBuffer().put(values);
        return buffer.array();
    }

    static int[] decodeInts(byte[] bytes) {
        if (bytes.length % Integer.BYTES != 0) {
            throw new IllegalArgumentException(bytes.length + " bytes are not a whole number of ints");
        }
        int[] values = new int[bytes.length / Integer.BYTES];
        ByteBuffer.wrap(bytes).asIntBuffer().get(values);
        return values;
    }

    static long[] decodeLongs(byte[] bytes) {
        if (bytes.length % Long.BYTES != 0) {
            throw new IllegalArgumentException(bytes.length + " bytes are not a whole number of longs");
        }
        long[] values = new long[bytes.length / Long.BYTES];
        ByteBuffer.wrap(bytes).asLongBuffer().get(values);
        return values;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ResultKey<?> other && other.name.equals(name);
    }

    @Override
    public int hashCode() {
        return name.hashCode();
    }

    @Override
    public String toString() {
        return name;
    }
}
