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
}
