package org.reusedetector.stream.functions;

import org.reusedetector.model.PrefixScore;

/**
 * Read-only legacy: what checkpoints of jobs before the versioned state formats hold for
 * {@code detection.functions.NeighbourhoodVerdict}, as a Flink POJO under this class name. Flink reads such state with
 * its POJO serializer, which needs this class at this name with these components, and the state's format
 * ({@code NeighbourhoodVerdictFormat}) writes it again in its own layout. Delete it once no job runs a checkpoint from
 * before that version.
 */
public record NeighbourhoodVerdict(PrefixScore latest, boolean above) {}
