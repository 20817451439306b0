package org.reusedetector.state;

import java.io.IOException;
import java.util.Objects;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshot;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputView;

/**
 * A state record's {@link StateFormat} as a Flink {@code TypeSerializer} for state descriptors: each value is its
 * format's bytes behind their length. The version is not written per value but in the serializer's snapshot (once per
 * state in each checkpoint): a serializer restored from an earlier checkpoint reads that checkpoint's version, and
 * Flink migrates the state to the current one (see {@link VersionedStateSerializerSnapshot}).
 *
 * @param <T> the record
 */
public final class VersionedStateSerializer<T> extends TypeSerializer<T> {

    private static final long serialVersionUID = 1L;

    private final StateFormat<T> format;
    /** The version this serializer reads: the format's current one, or an earlier one when restored for migration. */
    private final int version;

    /** A serializer that reads and writes the format's current version. */
    public VersionedStateSerializer(StateFormat<T> format) {
        this(format, format.getVersion());
    }

    VersionedStateSerializer(StateFormat<T> format, int version) {
        this.format = Objects.requireNonNull(format);
        this.version = version;
    }

    int version() {
        return version;
    }

    StateFormat<T> format() {
        return format;
    }

    @Override
    public boolean isImmutableType() {
        // records, but with arrays inside: copies go through the bytes
        return false;
    }

    @Override
    public TypeSerializer<T> duplicate() {
        return this; // stateless: the format keeps nothing between calls
    }

    @Override
    public T createInstance() {
        return null; // records have no empty instance; Flink asks only for types it fills in place
    }

    @Override
    public T copy(T from) {
        if (from == null) {
            return null;
        }
        try {
            return format.deserialize(format.getVersion(), format.serialize(from));
        } catch (IOException e) {
            throw new IllegalStateException("cannot copy " + format.name() + " state", e);
        }
    }

    @Override
    public T copy(T from, T reuse) {
        return copy(from);
    }

    @Override
    public int getLength() {
        return -1;
    }

    @Override
    public void serialize(T record, DataOutputView target) throws IOException {
        if (version != format.getVersion()) {
            // restored only to read an earlier checkpoint's bytes; Flink writes with the current serializer
            throw new IllegalStateException("the serializer of " + format.name() + " version " + version
                    + " only reads: the current version is " + format.getVersion());
        }
        byte[] bytes = format.serialize(record);
        target.writeInt(bytes.length);
        target.write(bytes);
    }

    @Override
    public T deserialize(DataInputView source) throws IOException {
        byte[] bytes = new byte[source.readInt()];
        source.readFully(bytes);
        return format.deserialize(version, bytes);
    }

    @Override
    public T deserialize(T reuse, DataInputView source) throws IOException {
        return deserialize(source);
    }

    @Override
    public void copy(DataInputView source, DataOutputView target) throws IOException {
        byte[] bytes = new byte[source.readInt()];
        source.readFully(bytes);
        target.writeInt(bytes.length);
        target.write(bytes);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof VersionedStateSerializer<?> that
                && format.name().equals(that.format.name())
                && version == that.version;
    }

    @Override
    public int hashCode() {
        return Objects.hash(format.name(), version);
    }

    @Override
    public TypeSerializerSnapshot<T> snapshotConfiguration() {
        return new VersionedStateSerializerSnapshot<>(format, version);
    }

    @Override
    public String toString() {
        return "VersionedStateSerializer{" + format.name() + " v" + version + "}";
    }
}
