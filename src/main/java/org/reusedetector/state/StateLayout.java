package org.reusedetector.state;

import java.io.IOException;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputView;
import org.apache.flink.types.StringValue;

/**
 * The pieces the formats' layouts are made of, each written the same way in every format: strings that may be
 * {@code null}, and arrays as their length ({@code -1} for {@code null}) then their elements. Never change how one is
 * written: every format's earlier versions read through these methods.
 */
public final class StateLayout {

    private StateLayout() {}

    /** A string or {@code null} (Flink's string encoding, whose length 0 marks {@code null}). */
    public static void writeString(String value, DataOutputView out) throws IOException {
        StringValue.writeString(value, out);
    }

    public static String readString(DataInputView in) throws IOException {
        return StringValue.readString(in);
    }

    /** The length of an array to be written element by element, {@code -1} for {@code null}. */
    public static void writeLength(Object[] array, DataOutputView out) throws IOException {
        out.writeInt(array == null ? -1 : array.length);
    }

    public static void writeLongs(long[] values, DataOutputView out) throws IOException {
        out.writeInt(values == null ? -1 : values.length);
        if (values != null) {
            for (long v : values) {
                out.writeLong(v);
            }
        }
    }

    public static long[] readLongs(DataInputView in) throws IOException {
        int length = in.readInt();
        if (length < 0) {
            return null;
        }
        long[] values = new long[length];
        for (int i = 0; i < length; i++) {
            values[i] = in.readLong();
        }
        return values;
    }

    public static void writeInts(int[] values, DataOutputView out) throws IOException {
        out.writeInt(values == null ? -1 : values.length);
        if (values != null) {
            for (int v : values) {
                out.writeInt(v);
            }
        }
    }

    public static int[] readInts(DataInputView in) throws IOException {
        int length = in.readInt();
        if (length < 0) {
            return null;
        }
        int[] values = new int[length];
        for (int i = 0; i < length; i++) {
            values[i] = in.readInt();
        }
        return values;
    }

    public static void writeBytes(byte[] values, DataOutputView out) throws IOException {
        out.writeInt(values == null ? -1 : values.length);
        if (values != null) {
            out.write(values);
        }
    }

    public static byte[] readBytes(DataInputView in) throws IOException {
        int length = in.readInt();
        if (length < 0) {
            return null;
        }
        byte[] values = new byte[length];
        in.readFully(values);
        return values;
    }
}
