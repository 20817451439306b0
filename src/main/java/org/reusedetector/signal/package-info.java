/**
 * The seam between the parse step and the signals: {@code PageSignal}, one signal's part of the parse step (fed by the
 * chunker's one pass, ended once a page), {@code PageSignals}, the enabled ones fed together, and {@code SharedParts},
 * what they share. Each signal lives in a package of its own below this one, with its page part, its Flink functions
 * and its {@code detection.DetectionSignal}; {@code detection.Signals} lists them.
 * This package is plain Java: may import {@code model} and {@code page}, no Flink.
 * <p>Project imports: {@code model}, {@code page}.
 */
package org.reusedetector.signal;
