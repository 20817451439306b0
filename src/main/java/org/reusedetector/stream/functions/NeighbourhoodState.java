package org.reusedetector.stream.functions;

import org.reusedetector.model.Copy;
import org.reusedetector.model.Evidence;

/**
 * Read-only legacy: what checkpoints of jobs before the versioned state formats hold for
 * {@code detection.functions.NeighbourhoodState}, as a Flink POJO under this class name. Flink reads such state with
 * its POJO serializer, which needs this class at this name with these components, and the state's format
 * ({@code NeighbourhoodStateFormat}) writes it again in its own layout. Delete it once no job runs a checkpoint from
 * before that version.
 */
public record NeighbourhoodState(
        long pages,
        long chunks,
        double matched,
        Evidence[] evidence,
        double chunksSquared,
        double matchedSquared,
        double products,
        Copy[] copies) {}
