set terminal pngcairo size 1000,700 noenhanced
set output 'docs/results/scaling_moving.png'
set logscale xy
set key outside right
set xrange [800:125000]
set xlabel 'boxes'
set ylabel 'ms per step (median, thread CPU time)'
set grid
set title 'Broad phases, moving boxes: time per step'
$data << EOD
1000 1.88152
2000 6.74298
5000 49.7186
10000 188.137
20000 763.01


1000 0.065477
2000 0.102642
5000 0.24926
10000 0.505729
20000 1.01034
50000 2.98908
100000 8.1061


1000 0.112847
2000 0.271042
5000 0.941185
10000 2.37242
20000 6.59967
50000 29.731
100000 88.6214


1000 0.47238
2000 1.21755
5000 5.36906
10000 14.2008
20000 42.2168
50000 220.463
100000 599.771


1000 0.415836
2000 0.97864
5000 6.18811
10000 14.5992
20000 41.3229
50000 200.075
100000 668.694


1000 0.262268
2000 0.477758
5000 1.32322
10000 2.73421
20000 5.73384
50000 26.1177
100000 67.3173


1000 0.656924
2000 1.91199
5000 10.9675
10000 37.1286
20000 137.653
50000 818.187


1000 0.062352
2000 0.122792
5000 0.451399
10000 1.02266
20000 2.83532
50000 11.7915
100000 38.9722


1000 0.652116
2000 1.83746
5000 10.3669
10000 36.645
20000 138.136
50000 793.7


1000 0.872753
2000 1.58637
5000 3.62973
10000 7.45841
20000 15.7951
50000 47.0457
100000 111.168


1000 0.300686
2000 0.540841
5000 1.45525
10000 2.61558
20000 6.70178
50000 24.1585
100000 73.2787


1000 0.592728
2000 1.13034
5000 4.53416
10000 16.783
20000 80.0268
50000 778.669


1000 0.576724
2000 1.49853
5000 5.5072
10000 16.9139
20000 52.9005
50000 284.241
100000 1169.23


1000 0.629763
2000 1.55229
5000 6.82826
10000 17.8847
20000 54.3719
50000 281.479
100000 1433.67


1000 0.398
2000 1.02111
5000 4.23718
10000 10.8192
20000 32.1563
50000 132.339
100000 445.424


1000 0.754998
2000 1.50682
5000 4.56667
10000 10.4212
20000 40.0833
50000 132.245
100000 414.046


1000 0.616503
2000 1.68458
5000 6.91063
10000 22.0959
20000 73.3597
50000 396.725
100000 1898.57


EOD
plot $data index 0 using 1:2 with linespoints lw 2 title 'brute', $data index 1 using 1:2 with linespoints lw 2 title 'sabsp', $data index 2 using 1:2 with linespoints lw 2 title 'sabsp_thesis', $data index 3 using 1:2 with linespoints lw 2 title 'sap', $data index 4 using 1:2 with linespoints lw 2 title 'sap2', $data index 5 using 1:2 with linespoints lw 2 title 'hash', $data index 6 using 1:2 with linespoints lw 2 title 'quadtree', $data index 7 using 1:2 with linespoints lw 2 title 'box_pruning', $data index 8 using 1:2 with linespoints lw 2 title 'quadtree_l11', $data index 9 using 1:2 with linespoints lw 2 title 'hash_1cell', $data index 10 using 1:2 with linespoints lw 2 title 'loose_octree', $data index 11 using 1:2 with linespoints lw 2 title 'ode_hash', $data index 12 using 1:2 with linespoints lw 2 title 'ode_quadtree', $data index 13 using 1:2 with linespoints lw 2 title 'ode_quadtree_l11', $data index 14 using 1:2 with linespoints lw 2 title 'ode_sap', $data index 15 using 1:2 with linespoints lw 2 title 'bullet_dbvt', $data index 16 using 1:2 with linespoints lw 2 title 'bullet_axis3'
