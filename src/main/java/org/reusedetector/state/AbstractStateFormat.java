package org.reusedetector.state;

import java.io.IOException;
import java.util.Objects;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.apache.flink.core.memory.DataOutputView;

/**
 * What every {@link StateFormat} does alike, so that a format class holds its layout and nothing else: its name,
 * current version and record class, the buffer of {@link #serialize}, and the version check of {@link #deserialize},
 * which rejects the bytes of a version the format never wrote (a later release's checkpoint, or another format's
 * bytes) with one clear error in every format rather than misreading them. It exists because each format repeated
 * these pieces, and with them the chance that one format's check drifts from the others'.
 *
 * <p>A format reads every version from 1 to its current one ({@link StateFormat}: an earlier version's bytes stay in
 * checkpoints until the state is rewritten); {@link #read} gets the version to branch on, {@link #write} always writes
 * the current one. Subclasses keep a public no-argument constructor, which the service registration needs.
 *
 * @param <T> the record
 */
public abstract class AbstractStateFormat<T> implements StateFormat<T> {

    private static final long serialVersionUID = 1L;

    /** The buffer a record starts in, enough for most: the buffer grows as a larger one is written. */
    private static final int DEFAULT_SIZE_HINT = 256;

    private final String name;
    private final int version;
    private final Class<T> type;

    /**
     * @param name the format's name, written into checkpoints: it never changes
     * @param version the version this format writes, the latest of those it reads (1 and up)
     * @param type the record's class
     */
    protected AbstractStateFormat(String name, int version, Class<T> type) {
        if (version < 1) {
            throw new IllegalArgumentException("a state format's versions start at 1, not " + version);
        }
        this.name = Objects.requireNonNull(name);
        this.version = version;
        this.type = Objects.requireNonNull(type);
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final int getVersion() {
        return version;
    }

    @Override
    public final Class<T> type() {
        return type;
    }

    @Override
    public final byte[] serialize(T value) throws IOException {
        DataOutputSerializer out = new DataOutputSerializer(sizeHint(value));
        write(value, out);
        return out.getCopyOfBuffer();
    }

    @Override
    public final T deserialize(int version, byte[] bytes) throws IOException {
        if (version < 1 || version > this.version) {
            throw new IOException("unknown version " + version + " of state format " + name + ": this release reads"
                    + " versions 1 to " + this.version + " (state of a later release, or another format's bytes)");
        }
        return read(version, new DataInputDeserializer(bytes));
    }

    /** How many bytes the value's buffer starts with; only a guess, which a format with large records raises. */
    protected int sizeHint(T value) {
        return DEFAULT_SIZE_HINT;
    }

    /** Writes the value in the current version's layout. */
    protected abstract void write(T value, DataOutputView out) throws IOException;

    /** Reads a value that {@code version} wrote: any from 1 to {@link #getVersion()}, the check is done. */
    protected abstract T read(int version, DataInputView in) throws IOException;
}
