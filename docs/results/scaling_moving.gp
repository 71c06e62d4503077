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
1000 1.38333
2000 5.83549
5000 40.9203
10000 176.576
20000 736.109


1000 0.037636
2000 0.070294
5000 0.167248
10000 0.347985
20000 0.729991
50000 1.84924
100000 7.63786


1000 0.070004
2000 0.156491
5000 0.599629
10000 1.4284
20000 3.88566
50000 14.9305
100000 47.0268


1000 0.423257
2000 1.40265
5000 4.87035
10000 14.761
20000 43.4703
50000 195.524
100000 659.505


1000 0.332443
2000 1.18892
5000 4.34243
10000 13.1358
20000 41.2016
50000 169.555
100000 572.7


1000 0.226225
2000 0.49965
5000 1.26788
10000 2.71137
20000 5.73082
50000 15.885
100000 53.2885


1000 0.586259
2000 1.8032
5000 10.5434
10000 37.419
20000 134.861
50000 754.78


1000 0.053759
2000 0.124004
5000 0.393874
10000 1.00454
20000 2.74993
50000 11.1779
100000 38.0172


1000 0.583895
2000 1.79873
5000 10.8877
10000 37.2001
20000 134.856
50000 772.444


1000 0.732265
2000 1.54977
5000 3.57708
10000 7.31734
20000 15.3982
50000 44.8751
100000 102.862


1000 0.262709
2000 0.544367
5000 1.41085
10000 2.68095
20000 6.88121
50000 24.5799
100000 74.4266


1000 0.448114
2000 1.12144
5000 4.13007
10000 12.6147
20000 63.5805
50000 424.818


1000 0.494493
2000 1.36074
5000 5.34696
10000 15.5569
20000 46.1643
50000 247.177
100000 1024.96


1000 0.501613
2000 1.39225
5000 5.34861
10000 16.6747
20000 46.6009
50000 252.269
100000 1148.54


1000 0.362327
2000 0.974794
5000 3.83296
10000 10.8401
20000 30.9644
50000 134.235
100000 444.828


1000 0.656473
2000 1.45358
5000 4.42856
10000 10.789
20000 26.7367
50000 104.886
100000 443.422


1000 0.53327
2000 1.53594
5000 6.9124
10000 22.506
20000 71.9398
50000 376.885
100000 1932.7


EOD
plot $data index 0 using 1:2 with linespoints lw 2 title 'brute', $data index 1 using 1:2 with linespoints lw 2 title 'sabsp', $data index 2 using 1:2 with linespoints lw 2 title 'sabsp_thesis', $data index 3 using 1:2 with linespoints lw 2 title 'sap', $data index 4 using 1:2 with linespoints lw 2 title 'sap2', $data index 5 using 1:2 with linespoints lw 2 title 'hash', $data index 6 using 1:2 with linespoints lw 2 title 'quadtree', $data index 7 using 1:2 with linespoints lw 2 title 'box_pruning', $data index 8 using 1:2 with linespoints lw 2 title 'quadtree_l11', $data index 9 using 1:2 with linespoints lw 2 title 'hash_1cell', $data index 10 using 1:2 with linespoints lw 2 title 'loose_octree', $data index 11 using 1:2 with linespoints lw 2 title 'ode_hash', $data index 12 using 1:2 with linespoints lw 2 title 'ode_quadtree', $data index 13 using 1:2 with linespoints lw 2 title 'ode_quadtree_l11', $data index 14 using 1:2 with linespoints lw 2 title 'ode_sap', $data index 15 using 1:2 with linespoints lw 2 title 'bullet_dbvt', $data index 16 using 1:2 with linespoints lw 2 title 'bullet_axis3'
