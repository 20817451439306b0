/**
 * The hash index: its binary format, reader and writer, and its Flink source and sink.
 * May import {@code model}, {@code page}, {@code format} and {@code connector}.
 */
package org.reusedetector.index;
