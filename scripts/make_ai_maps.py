#!/usr/bin/env python3
"""Makes Partition Lab's own grid maps (Moving AI .map format) and their scenario files (.scen).

Section 3.4.1 of the chapter: path finding on a grid of small squares with eight moves. The maps are
drawn here from seeded random numbers (never copied from anyone's benchmark set), and each
scenario's optimal length comes from a Dijkstra written in this script, independent of the C++
search it will check:
  ground . G S walk among themselves, water W only to water, @ O T are blocked;
  a diagonal move needs both cells it passes between walkable (no corner cutting);
  straight moves cost 1, diagonal ones sqrt(2).

  python3 scripts/make_ai_maps.py [OUT_DIR]     (default: assets/maps)
"""
import heapq
import math
import os
import random
import sys

SQRT2 = math.sqrt(2.0)


def kind(c):
    if c in ".GS":
        return 0
    if c == "W":
        return 1
    return 2


def moves(grid, x, y):
    h, w = len(grid), len(grid[0])
    k = kind(grid[y][x])
    if k == 2:
        return
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            if dx == 0 and dy == 0:
                continue
            nx, ny = x + dx, y + dy
            if not (0 <= nx < w and 0 <= ny < h) or kind(grid[ny][nx]) != k:
                continue
            if dx and dy and (kind(grid[y][x + dx]) != k or kind(grid[y + dy][x]) != k):
                continue
            yield nx, ny, (SQRT2 if dx and dy else 1.0)


def dijkstra(grid, sx, sy):
    """Distances from (sx, sy) to every reachable cell."""
    dist = {(sx, sy): 0.0}
    queue = [(0.0, sx, sy)]
    while queue:
        d, x, y = heapq.heappop(queue)
        if d > dist[(x, y)]:
            continue
        for nx, ny, c in moves(grid, x, y):
            nd = d + c
            if nd < dist.get((nx, ny), math.inf):
                dist[(nx, ny)] = nd
                heapq.heappush(queue, (nd, nx, ny))
    return dist


def rooms(w, h, rng):
    """Rooms of 12-20 cells behind walls, each wall with one or two doors (an indoor level)."""
    g = [["." for _ in range(w)] for _ in range(h)]
    for x in range(w):
        g[0][x] = g[h - 1][x] = "@"
    for y in range(h):
        g[y][0] = g[y][w - 1] = "@"
    xs, ys = [0], [0]
    while xs[-1] < w - 16:
        xs.append(xs[-1] + rng.randint(12, 20))
    while ys[-1] < h - 16:
        ys.append(ys[-1] + rng.randint(12, 20))
    for x in xs[1:]:
        for y in range(h):
            g[y][x] = "@"
    for y in ys[1:]:
        for x in range(w):
            g[y][x] = "@"
    bounds_x = xs + [w - 1]
    bounds_y = ys + [h - 1]
    for i, x in enumerate(xs[1:], 1):  # doors in the vertical walls
        for j in range(len(bounds_y) - 1):
            y0, y1 = bounds_y[j] + 2, bounds_y[j + 1] - 3
            if y1 > y0 and rng.random() < 0.8:
                y = rng.randint(y0, y1)
                g[y][x] = g[y + 1][x] = "."
    for j, y in enumerate(ys[1:], 1):  # and in the horizontal ones
        for i in range(len(bounds_x) - 1):
            x0, x1 = bounds_x[i] + 2, bounds_x[i + 1] - 3
            if x1 > x0 and rng.random() < 0.8:
                x = rng.randint(x0, x1)
                g[y][x] = g[y][x + 1] = "."
    for _ in range(w * h // 150):  # furniture
        x, y = rng.randrange(1, w - 1), rng.randrange(1, h - 1)
        if g[y][x] == ".":
            g[y][x] = "T"
    return g


def forest(w, h, rng):
    """Clumps of trees, a lake of water with swamp at its edge, out-of-bounds rocks (outdoors)."""
    g = [["." for _ in range(w)] for _ in range(h)]
    for _ in range(w * h // 60):
        cx, cy, r = rng.randrange(w), rng.randrange(h), rng.uniform(0.8, 3.2)
        for y in range(max(0, int(cy - r)), min(h, int(cy + r) + 1)):
            for x in range(max(0, int(cx - r)), min(w, int(cx + r) + 1)):
                if (x - cx) ** 2 + (y - cy) ** 2 <= r * r and rng.random() < 0.75:
                    g[y][x] = "T"
    lx, ly, lr = w * 0.62, h * 0.4, min(w, h) * 0.16
    for y in range(h):
        for x in range(w):
            d = math.hypot((x - lx) / 1.4, y - ly)
            if d < lr:
                g[y][x] = "W"
            elif d < lr + 2.5 and g[y][x] == ".":
                g[y][x] = "S"
    for _ in range(6):
        cx, cy = rng.randrange(w), rng.randrange(h)
        for y in range(max(0, cy - 3), min(h, cy + 4)):
            for x in range(max(0, cx - 5), min(w, cx + 6)):
                if g[y][x] != "W":
                    g[y][x] = "@"
    return g


def maze(w, h, rng):
    """A maze of corridors two cells wide (recursive backtracker on a 3-cell lattice)."""
    g = [["@" for _ in range(w)] for _ in range(h)]
    cw, ch = (w - 1) // 3, (h - 1) // 3
    seen = [[False] * cw for _ in range(ch)]
    stack = [(0, 0)]
    seen[0][0] = True

    def carve(x0, y0, x1, y1):
        for y in range(y0, y1):
            for x in range(x0, x1):
                g[y][x] = "."

    carve(1, 1, 3, 3)
    while stack:
        cx, cy = stack[-1]
        options = [(cx + dx, cy + dy, dx, dy) for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))
                   if 0 <= cx + dx < cw and 0 <= cy + dy < ch and not seen[cy + dy][cx + dx]]
        if not options:
            stack.pop()
            continue
        nx, ny, dx, dy = rng.choice(options)
        seen[ny][nx] = True
        carve(1 + 3 * nx, 1 + 3 * ny, 3 + 3 * nx, 3 + 3 * ny)
        carve(1 + 3 * min(cx, nx), 1 + 3 * min(cy, ny),
              3 + 3 * max(cx, nx), 3 + 3 * max(cy, ny))
        stack.append((nx, ny))
    for _ in range(cw * ch // 12):  # a few loops so there is more than one way
        x, y = rng.randrange(2, w - 2), rng.randrange(2, h - 2)
        g[y][x] = "."
    return g


def scenarios(grid, name, count, rng):
    h, w = len(grid), len(grid[0])
    ground = [(x, y) for y in range(h) for x in range(w) if kind(grid[y][x]) == 0]
    out = []
    while len(out) < count:
        sx, sy = rng.choice(ground)
        dist = dijkstra(grid, sx, sy)
        reachable = [c for c in dist if c != (sx, sy)]
        if len(reachable) < 10:
            continue
        for _ in range(4):
            gx, gy = rng.choice(reachable)
            d = dist[(gx, gy)]
            out.append((int(d // 4), name, w, h, sx, sy, gx, gy, d))
    out.sort(key=lambda s: (s[0], s[8]))
    return out[:count]


def write(out_dir, name, grid, scen):
    with open(os.path.join(out_dir, name), "w") as f:
        f.write("type octile\nheight %d\nwidth %d\nmap\n" % (len(grid), len(grid[0])))
        for row in grid:
            f.write("".join(row) + "\n")
    with open(os.path.join(out_dir, name.replace(".map", ".scen")), "w") as f:
        f.write("version 1\n")
        for s in scen:
            f.write("%d\t%s\t%d\t%d\t%d\t%d\t%d\t%d\t%.8f\n" % s)


def main():
    out_dir = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        os.path.dirname(__file__), "..", "assets", "maps")
    os.makedirs(out_dir, exist_ok=True)
    for name, make, w, h, seed in (("partlab_rooms.map", rooms, 128, 96, 1),
                                   ("partlab_forest.map", forest, 128, 128, 2),
                                   ("partlab_maze.map", maze, 97, 97, 3)):
        rng = random.Random(seed)
        grid = make(w, h, rng)
        scen = scenarios(grid, name, 120, rng)
        write(out_dir, name, grid, scen)
        print("%s: %dx%d, %d scenarios, longest %.2f" % (name, w, h, len(scen), scen[-1][8]))


if __name__ == "__main__":
    main()
