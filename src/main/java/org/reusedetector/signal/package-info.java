/**
 * The signals beside the chunk hashes: {@code Signals}, the list of them, and below it one package per signal, with
 * its page part, its Flink functions and its {@code detection.DetectionSignal}. Signals plug into the detection
 * topology, so they import {@code detection}; {@code detection} imports no signal, the jobs hand it the enabled ones.
 * <p>Project imports: {@code detection}, {@code signal.imatch}, {@code signal.nearcopy}.
 */
package org.reusedetector.signal;
