// Our own narrow phase: the contact points between two bodies, each with its normal, point and
// depth, in the two non-degenerate cases the chapter names (3.3.2.2, around equation 3.48):
//   vertex/face  a vertex of one polyhedron on a face of the other; N is the face's outward normal;
//   edge/edge    two non-collinear edges crossing; N = eA × eB (3.48).
// Boxes against boxes use the separating-axis test on the 15 axes (3 + 3 face normals, 9 edge
// crossings); the axis of least penetration says which case it is. A face case clips the incident
// face against the reference face's sides (as ODE's dBoxBox and Box2D do), so a box lying on
// another gets its four corners. Spheres touch at one point whose normal joins the centres (or the
// nearest box face or plane). The chapter assumes contacts at the instant of touching; a fixed step
// finds them slightly inside or just before, so points within `margin` of touching count as
// contacts.
#pragma once

#include <vector>

#include "engine/dynamics/contact.h"

namespace partlab::dynamics {

// Appends the contacts between bodies A (index ia) and B (index ib); returns how many. The normals
// point out of B towards A. Two static bodies never touch.
int Collide(RigidBody& A, uint32_t ia, RigidBody& B, uint32_t ib, double margin,
            std::vector<Contact>& out);

}  // namespace partlab::dynamics
