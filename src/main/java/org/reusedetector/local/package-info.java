/**
 * The embedded default: an in-process KRaft broker and the generated sample crawl.
 * May import {@code config}, {@code format} and {@code kafka}.
 */
package org.reusedetector.local;
