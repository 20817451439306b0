/**
 * What the streaming job and the batch commands share: the detection topology ({@code DetectionWorkflow}), its settings, job environment, operator uids, metrics and dead letters,
 * and the seam of its signals: {@code DetectionSignal}, one signal's part of the topology, and {@code Signals}, which finds them
 * (the {@code config.Extension} service file).
 * May import the domain packages, {@code config}, {@code format}, {@code detection.functions} and the {@code signal} seam; no signal's own package.
 * Never {@code stream}, {@code batch}, {@code discover} or {@code cli}.
 * <p>Project imports: {@code config}, {@code detection.functions}, {@code format}, {@code imatch}, {@code model},
 * {@code page}, {@code score}, {@code shingle}, {@code signal}, {@code url}, {@code util}, {@code labels}.
 */
package org.reusedetector.detection;
