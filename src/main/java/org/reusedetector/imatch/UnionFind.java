package org.reusedetector.imatch;

import java.util.Arrays;

/** Disjoint sets over 0..n-1 with path halving and union by size; grows as elements are added. */
public final class UnionFind {

    private int[] parent = new int[16];
    private int[] size = new int[16];
    private int count;

    /** Adds a singleton set and returns its element. */
    public int add() {
        if (count == parent.length) {
            parent = Arrays.copyOf(parent, count * 2);
            size = Arrays.copyOf(size, count * 2);
        }
        parent[count] = count;
        size[count] = 1;
        return count++;
    }

    public int count() {
        return count;
    }

    public int find(int x) {
        while (parent[x] != x) {
            parent[x] = parent[parent[x]];
            x = parent[x];
        }
        return x;
    }

    /** Joins the sets of a and b; returns the root of the joined set. */
    public int union(int a, int b) {
        int ra = find(a);
        int rb = find(b);
        if (ra == rb) {
            return ra;
        }
        if (size[ra] < size[rb]) {
            int t = ra;
            ra = rb;
            rb = t;
        }
        parent[rb] = ra;
        size[ra] += size[rb];
        return ra;
    }

    public int sizeOf(int x) {
        return size[find(x)];
    }
}
