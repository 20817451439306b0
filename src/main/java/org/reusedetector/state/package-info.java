/**
 * Versioned binary formats for the records the job keeps in its keyed state, in place of Flink's POJO serializer, which
 * writes the records' class and field names into every checkpoint and savepoint so that they can neither move nor
 * change. A record's {@link org.reusedetector.state.StateFormat} (a {@code SimpleVersionedSerializer} with a stable name,
 * registered as a service) writes an explicit layout and reads every version it has written;
 * {@link org.reusedetector.state.AbstractStateFormat} is what every format shares (name, version, buffer, version
 * check), and {@link org.reusedetector.state.VersionedStateSerializer} wraps a format for state descriptors.
 * <p>The class names of this package's snapshot, {@link org.reusedetector.state.VersionedStateSerializerSnapshot}, and of
 * {@link org.reusedetector.state.StateFormat} are in checkpoints and savepoints (Flink writes the snapshot's class name,
 * and the snapshot the format's name): never move or rename them, nor change a format's name. How to add a version:
 * docs/operations.md.
 * <p>Project imports: none.
 */
package org.reusedetector.state;
