/**
 * What the streaming job and the batch commands share: the detection topology ({@code DetectionWorkflow}), its settings, job environment, operator uids, metrics and dead letters,
 * and the seam of its signals: {@code DetectionSignal}, one signal's part of the topology, and {@code PageSignal},
 * {@code PageSignals} and {@code SharedParts}, its part of the parse step. The signals themselves (package {@code signal})
 * import this package, never the other way round: the jobs hand the enabled signals in.
 * May import the domain packages, {@code config}, {@code format} and {@code detection.functions}; no signal.
 * Never {@code stream}, {@code batch}, {@code discover} or {@code cli}.
 * <p>Project imports: {@code config}, {@code detection.functions}, {@code format}, {@code imatch}, {@code model},
 * {@code page}, {@code score}, {@code shingle}, {@code url}, {@code util}, {@code labels}.
 */
package org.reusedetector.detection;
