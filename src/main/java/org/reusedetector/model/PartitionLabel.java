package org.reusedetector.model;

/**
 * Keyed label mode: a label record routed to the label partition that owns its hash, or a copy of a label snapshot
 * marker (one per partition, so that every partition knows when the snapshot is in).
 *
 * @param partitionKey the Flink key of the partition
 * @param label the label, or {@code null} for a marker
 * @param markerRun the marker's run, or {@code null} for a label
 * @param markerPartition the labels-topic partition the marker was written to
 */
public record PartitionLabel(int partitionKey, Label label, String markerRun, int markerPartition) {}
