package org.reusedetector.state;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import org.apache.flink.api.common.serialization.SerializerConfigImpl;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshot;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.junit.jupiter.api.Test;
import org.reusedetector.state.PairFormat.Pair;

class VersionedStateSerializerTest {

    private final VersionedStateSerializer<Pair> current = new VersionedStateSerializer<>(new PairFormat());
    private final VersionedStateSerializer<Pair> earlier = new VersionedStateSerializer<>(PairFormat.writing(1));

    @Test
    void valuesRoundTripAndCopy() throws IOException {
        Pair pair = new Pair("https://example.org/", 3);
        assertThat(read(current, write(current, pair))).isEqualTo(pair);
        assertThat(current.copy(pair)).isEqualTo(pair);
        DataOutputSerializer copied = new DataOutputSerializer(16);
        current.copy(new DataInputDeserializer(write(current, pair)), copied);
        assertThat(read(current, copied.getCopyOfBuffer())).isEqualTo(pair);
        assertThat(read(current, write(current, new Pair(null, 0)))).isEqualTo(new Pair(null, 0));
    }

    @Test
    void theSnapshotRecordsNameAndVersionAndRestoresAReaderOfThatVersion() throws IOException {
        byte[] earlierValue = write(earlier, new Pair("old", 7));
        TypeSerializerSnapshot<Pair> restored = roundTrip(earlier.snapshotConfiguration());
        TypeSerializer<Pair> reader = restored.restoreSerializer();
        // found by name (ServiceLoader: the current release's format), reading the version the checkpoint holds
        assertThat(reader).isEqualTo(new VersionedStateSerializer<>(new PairFormat(), 1));
        assertThat(read(reader, earlierValue)).isEqualTo(new Pair("old", 0));
        assertThatThrownBy(() -> write(reader, new Pair("x", 1)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("only reads");
    }

    @Test
    void theCurrentSnapshotTakesOverTheSameVersionAsIsAndEarlierOnesAfterMigration() throws IOException {
        TypeSerializerSnapshot<Pair> now = current.snapshotConfiguration();
        assertThat(now.resolveSchemaCompatibility(roundTrip(current.snapshotConfiguration()))
                        .isCompatibleAsIs())
                .isTrue();
        assertThat(now.resolveSchemaCompatibility(roundTrip(earlier.snapshotConfiguration()))
                        .isCompatibleAfterMigration())
                .isTrue();
        // a rolled-back job over a newer checkpoint must not misread it
        assertThat(earlier.snapshotConfiguration()
                        .resolveSchemaCompatibility(roundTrip(current.snapshotConfiguration()))
                        .isIncompatible())
                .isTrue();
    }

    /** State another serializer wrote, Flink's POJO serializer's of the same record included, does not restore. */
    @Test
    @SuppressWarnings({"unchecked", "rawtypes"})
    void aSnapshotOfAnotherSerializerIsIncompatible() {
        TypeSerializerSnapshot<Pair> now = current.snapshotConfiguration();
        assertThat(now.resolveSchemaCompatibility(pojoSnapshot(Pair.class)).isIncompatible())
                .isTrue();
        assertThat(now.resolveSchemaCompatibility((TypeSerializerSnapshot) TypeInformation.of(String.class)
                                .createSerializer(new SerializerConfigImpl())
                                .snapshotConfiguration())
                        .isIncompatible())
                .isTrue();
    }

    /** A job rolled back over a checkpoint of a later release fails to restore it rather than misreading it. */
    @Test
    void aLaterVersionDoesNotRestore() throws IOException {
        VersionedStateSerializer<Pair> later = new VersionedStateSerializer<>(PairFormat.writing(3));
        TypeSerializerSnapshot<Pair> restored = roundTrip(later.snapshotConfiguration());
        assertThatThrownBy(restored::restoreSerializer)
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("version 3, newer than this job's 2");
        assertThat(current.snapshotConfiguration()
                        .resolveSchemaCompatibility(restored)
                        .isIncompatible())
                .isTrue();
    }

    @Test
    void anUnknownFormatNameFailsTheRestore() throws IOException {
        DataOutputSerializer out = new DataOutputSerializer(32);
        out.writeUTF("no-such-format");
        out.writeInt(1);
        VersionedStateSerializerSnapshot<Pair> snapshot = new VersionedStateSerializerSnapshot<>();
        assertThatThrownBy(() -> snapshot.readSnapshot(
                        1,
                        new DataInputDeserializer(out.getCopyOfBuffer()),
                        getClass().getClassLoader()))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("no-such-format")
                .hasMessageContaining(PairFormat.NAME);
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static TypeSerializerSnapshot<Pair> pojoSnapshot(Class<?> type) {
        return (TypeSerializerSnapshot) TypeInformation.of(type)
                .createSerializer(new SerializerConfigImpl())
                .snapshotConfiguration();
    }

    private static TypeSerializerSnapshot<Pair> roundTrip(TypeSerializerSnapshot<Pair> snapshot) throws IOException {
        DataOutputSerializer out = new DataOutputSerializer(64);
        TypeSerializerSnapshot.writeVersionedSnapshot(out, snapshot);
        return TypeSerializerSnapshot.readVersionedSnapshot(
                new DataInputDeserializer(out.getCopyOfBuffer()), VersionedStateSerializerTest.class.getClassLoader());
    }

    private static byte[] write(TypeSerializer<Pair> serializer, Pair pair) throws IOException {
        DataOutputSerializer out = new DataOutputSerializer(16);
        serializer.serialize(pair, out);
        return out.getCopyOfBuffer();
    }

    private static Pair read(TypeSerializer<Pair> serializer, byte[] bytes) throws IOException {
        return serializer.deserialize(new DataInputDeserializer(bytes));
    }
}
