package org.reusedetector.state;

import java.io.Serializable;
import org.apache.flink.core.io.SimpleVersionedSerializer;

/**
 * The binary format of one state record: an explicit layout, a version that grows with every change of it, and a
 * {@link #deserialize(int, byte[])} that reads every version it has written (an earlier version's bytes stay in
 * checkpoints until the state is rewritten). Registered in {@code META-INF/services/org.reusedetector.state.StateFormat}
 * so that a snapshot finds it by {@link #name()} and not by class name: the format class and its record may move.
 * Serializable, as the serializer that holds it is; it keeps no state.
 *
 * @param <T> the record
 */
public interface StateFormat<T> extends SimpleVersionedSerializer<T>, Serializable {

    /** The format's name, written into checkpoints: it never changes, whatever the record or this class are called. */
    String name();

    /** The record's class. */
    Class<T> type();

    /**
     * The class whose state Flink's POJO serializer wrote before this format existed, or {@code null}: such state is
     * read with the POJO serializer once and written again in this format ({@link #fromPredecessor}). The class must
     * stay at its name, with its fields, until no job runs a checkpoint from before the format.
     */
    default Class<?> pojoPredecessor() {
        return null;
    }

    /**
     * The record that an instance of {@link #pojoPredecessor()} stands for: when Flink migrates POJO state (RocksDB
     * reads each value with the POJO serializer and writes it with this format's), the values it hands over are of the
     * predecessor's class.
     */
    default T fromPredecessor(Object predecessor) {
        throw new IllegalArgumentException(name() + " has no predecessor: cannot write a "
                + (predecessor == null ? "null" : predecessor.getClass().getName()));
    }
}
