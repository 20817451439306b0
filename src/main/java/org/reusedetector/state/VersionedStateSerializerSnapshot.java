package org.reusedetector.state;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.common.typeutils.TypeSerializerSchemaCompatibility;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshot;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputView;

/**
 * What a checkpoint records of a {@link VersionedStateSerializer}: the format's name and the version its state was
 * written in. Its class name is in every checkpoint and savepoint that holds such state: never move or rename it.
 *
 * <p>Flink asks the current serializer's snapshot whether it can take over the state an earlier snapshot describes:
 * the same version as is; an earlier version of the same format after migration (Flink reads every value with the
 * serializer restored from the earlier snapshot, which reads that version, and writes it with the current one).
 * Anything else, a later version included (a job rolled back over a newer checkpoint) and state another serializer
 * wrote, is incompatible, and the restore fails rather than misreading the state.
 *
 * @param <T> the record
 */
public final class VersionedStateSerializerSnapshot<T> implements TypeSerializerSnapshot<T> {

    /** Layout of this snapshot itself: the format's name (UTF) and the state's version (int). */
    private static final int SNAPSHOT_VERSION = 1;

    private StateFormat<T> format;
    private String name;
    private int version;

    /** For Flink, which reads the snapshot into an instance made so. */
    public VersionedStateSerializerSnapshot() {}

    VersionedStateSerializerSnapshot(StateFormat<T> format, int version) {
        this.format = format;
        this.name = format.name();
        this.version = version;
    }

    @Override
    public int getCurrentVersion() {
        return SNAPSHOT_VERSION;
    }

    @Override
    public void writeSnapshot(DataOutputView out) throws IOException {
        out.writeUTF(name);
        out.writeInt(version);
    }

    @Override
    public void readSnapshot(int readVersion, DataInputView in, ClassLoader classLoader) throws IOException {
        if (readVersion != SNAPSHOT_VERSION) {
            throw new IOException("unknown snapshot version " + readVersion + " of a versioned state serializer");
        }
        name = in.readUTF();
        version = in.readInt();
        format = find(name, classLoader);
    }

    @Override
    public TypeSerializer<T> restoreSerializer() {
        if (version > format.getVersion()) {
            throw new IllegalStateException("state of " + name + " is in version " + version
                    + ", newer than this job's " + format.getVersion() + ": it was written by a later release");
        }
        return new VersionedStateSerializer<>(format, version);
    }

    @Override
    public TypeSerializerSchemaCompatibility<T> resolveSchemaCompatibility(TypeSerializerSnapshot<T> oldSnapshot) {
        if (oldSnapshot instanceof VersionedStateSerializerSnapshot<T> old) {
            if (!old.name.equals(name) || old.version > version) {
                return TypeSerializerSchemaCompatibility.incompatible();
            }
            return old.version == version
                    ? TypeSerializerSchemaCompatibility.compatibleAsIs()
                    : TypeSerializerSchemaCompatibility.compatibleAfterMigration();
        }
        return TypeSerializerSchemaCompatibility.incompatible();
    }

    int version() {
        return version;
    }

    String name() {
        return name;
    }

    @SuppressWarnings("unchecked")
    private static <T> StateFormat<T> find(String name, ClassLoader classLoader) throws IOException {
        List<String> known = new ArrayList<>();
        for (StateFormat<?> format : ServiceLoader.load(StateFormat.class, classLoader)) {
            if (format.name().equals(name)) {
                return (StateFormat<T>) format;
            }
            known.add(format.name());
        }
        throw new IOException("no state format named " + name + " (known: " + known + "): state written by another"
                + " program, or a format's name changed");
    }
}
